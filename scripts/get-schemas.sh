#!/usr/bin/env bash
# The published XML schemas Foray's GPX and KML exports are validated against in the tests (issue #11):
# GPX 1.1 (Topografix) and OGC KML 2.2 (ogckml22.xsd 2008-01-23 with the Atom and xAL schemas it imports).
# Their home sites cannot be reached from these machines, so they come from a Debian package that ships
# copies (pytrainer's schemas folder; its GPX 1.1 file is byte for byte zoph's copy, and its KML 2.2 file
# matches python3-mapproxy's apart from the namespace prefix). Only the four .xsd files are kept, in
# .cache/schemas; the package is never installed. Also installs xmllint (libxml2-utils) when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
target=.cache/schemas
files=(Topografix_gpx11.xsd ogckml22.xsd atom-author-link.xsd xAL.xsd)

if ! command -v xmllint >/dev/null 2>&1; then
  echo "Installing xmllint (libxml2-utils) for the schema tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils >/dev/null
fi

have_all=1
for file in "${files[@]}"; do [ -s "$target/$file" ] || have_all=0; done
if [ "$have_all" = 1 ]; then exit 0; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "Fetching the GPX 1.1 and KML 2.2 schemas (Debian package pytrainer)"
if ! (cd "$work" && apt-get download pytrainer >/dev/null 2>&1); then
  apt-get update -qq
  (cd "$work" && apt-get download pytrainer >/dev/null 2>&1)
fi
dpkg-deb -x "$work"/pytrainer_*.deb "$work/unpacked"
mkdir -p "$target"
for file in "${files[@]}"; do cp "$work/unpacked/usr/share/pytrainer/schemas/$file" "$target/$file"; done
echo "Schemas in $target: ${files[*]}"
