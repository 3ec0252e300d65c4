// A sign-up the policy admitted (ADR 0079), run through better-auth by the bridge (auth.routes.ts): the new
// account's standing, and the mails of an account that waits for approval.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { approvalWaitingMail, pendingApprovalMail, type MailLanguage } from '../../mail/messages.ts';
import {
  administratorAddresses,
  giveBackServerInviteUse,
  settleNewAccount,
  type Admission,
  type Refusal,
} from '../signup/signup.queries.ts';
import { signUpScope, type Auth, type SignUpScope } from './auth.ts';
import type { SignUpExtras } from './auth-paths.ts';

export type SignUpDeps = {
  auth: Auth;
  db: Database;
  outbox: Outbox;
  publicUrl: string;
  log: { error(obj: unknown, msg?: string): void };
};

/**
 * A sign-up the policy admitted, run through better-auth (ADR 0079): the account it makes is given its standing
 * (the first one the administrator; pending under approval) before the answer; one that lost the race to be first
 * on a server that would refuse it is taken back. What became of it: made, taken back (refused), or nothing made
 * (the address had an account, or better-auth refused the body).
 */
export async function signUpThrough(deps: SignUpDeps, webRequest: Request, admission: Admission, extras: SignUpExtras) {
  let outcome: 'made' | Refusal | 'failed' | null = null;
  const scope: SignUpScope = {
    refused: false,
    created: async (created) => {
      try {
        const settled = await settleNewAccount(deps.db, { userId: created.id, admission, language: extras.language });
        if ('refused' in settled) {
          scope.refused = true;
          outcome = settled.refused;
          return;
        }
        outcome = 'made';
        if (settled.status === 'pending') tellOfPending(deps, created.email, extras.language);
      } catch (error) {
        // The account must not stand with the default standing (active) it was inserted with.
        scope.refused = true;
        outcome = 'failed';
        deps.log.error({ err: error }, 'A new account could not be given its standing; it was taken back');
        await deps.db.execute(sql`delete from "user" where id = ${created.id}`).catch(() => undefined);
      }
    },
  };
  const response = await signUpScope.run(scope, () => deps.auth.handler(webRequest));
  if (outcome !== 'made' && admission.serverInviteId) await giveBackServerInviteUse(deps.db, admission.serverInviteId);
  return { response, outcome: outcome as 'made' | Refusal | 'failed' | null };
}

/** Signed up under approval: the person hears so, in their language; each administrator that someone waits. */
function tellOfPending(deps: SignUpDeps, email: string, language: MailLanguage) {
  const enqueue = (mail: Parameters<Outbox['enqueue']>[0]) =>
    deps.outbox.enqueue(mail).catch((error: unknown) => deps.log.error({ err: error }, 'Could not queue mail'));
  void enqueue(pendingApprovalMail(email, language, deps.publicUrl));
  void administratorAddresses(deps.db)
    .then((admins) => admins.forEach((admin) => void enqueue(approvalWaitingMail(admin, email, deps.publicUrl))))
    .catch((error: unknown) => deps.log.error({ err: error }, 'Could not tell the administrators'));
}
