# Sourced by .ci/run: make this machine's PostgreSQL run, as CI's API tests on PostgreSQL need it.
# Debian's `postgresql` package; cluster `main` of the newest installed version; the `postgres` role reachable over
# 127.0.0.1 without a password (trust, as on the project's machines); a database named `test`.
# ensure_postgres sets POSTGRES_PORT, or stops CI with the reason.

fail() {
  echo "CI: $*" >&2
  exit 1
}

apt_updated=
apt_install() {
  if [ -z "$apt_updated" ]; then
    apt-get update -qq || return 1
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# "VERSION PORT STATUS" of the newest cluster named main, or nothing when there is none.
main_cluster() {
  command -v pg_lsclusters >/dev/null 2>&1 || return 0
  pg_lsclusters --no-header 2>/dev/null | awk '$2 == "main" { print $1, $3, $4 }' | sort -V | tail -n 1
}

# psql as `postgres` over TCP, never prompting for a password.
psql_postgres() {
  psql -w -X -q -h 127.0.0.1 -p "$POSTGRES_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 "$@"
}

# The cluster's own pg_hba.conf lets `postgres` in from 127.0.0.1 without a password, and local socket users too:
# the first matching line wins, so these go first. Run only when a password-less connection was refused.
trust_local_connections() {
  local version=$1 hba="${POSTGRES_CONFIG_DIR:-/etc/postgresql}/$1/main/pg_hba.conf"
  [ -f "$hba" ] || fail "PostgreSQL $version refused a password-less connection and $hba is missing."
  echo "Letting local connections into PostgreSQL $version without a password ($hba)"
  {
    echo "# Foray's CI: the test database is reached over 127.0.0.1 without a password."
    echo "local all all trust"
    echo "host all all 127.0.0.1/32 trust"
    cat "$hba"
  } >"$hba.new"
  mv "$hba.new" "$hba"
  chown postgres:postgres "$hba" 2>/dev/null || true
  pg_ctlcluster --skip-systemctl-redirect "$version" main reload ||
    fail "PostgreSQL $version did not reload its pg_hba.conf."
}

ensure_postgres() {
  local cluster version status
  cluster=$(main_cluster)
  if [ -z "$cluster" ]; then
    echo "Installing Debian's postgresql for the API tests on PostgreSQL"
    apt_install postgresql || fail "could not install PostgreSQL (apt-get install postgresql failed)."
    cluster=$(main_cluster)
    [ -n "$cluster" ] || fail "postgresql is installed but has no cluster 'main' (see pg_lsclusters)."
  fi
  read -r version POSTGRES_PORT status <<<"$cluster"

  case "$status" in
    online*) ;;
    *)
      echo "Starting PostgreSQL $version (cluster main, port $POSTGRES_PORT)"
      pg_ctlcluster --skip-systemctl-redirect "$version" main start ||
        fail "PostgreSQL $version would not start (see /var/log/postgresql/postgresql-$version-main.log)."
      ;;
  esac

  local ready=
  for _ in $(seq 1 30); do
    if pg_isready -q -h 127.0.0.1 -p "$POSTGRES_PORT"; then
      ready=1
      break
    fi
    sleep 1
  done
  [ -n "$ready" ] || fail "PostgreSQL $version does not accept connections on 127.0.0.1:$POSTGRES_PORT."

  if ! psql_postgres -c 'select 1' >/dev/null 2>&1; then
    trust_local_connections "$version"
    psql_postgres -c 'select 1' >/dev/null ||
      fail "PostgreSQL $version still refuses user postgres on 127.0.0.1:$POSTGRES_PORT without a password."
  fi

  if [ "$(psql_postgres -Atc "select count(*) from pg_database where datname = 'test'")" != 1 ]; then
    echo "Creating the database test"
    psql_postgres -c 'create database test' >/dev/null || fail "could not create the database test."
  fi
}
