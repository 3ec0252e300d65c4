import type { OutgoingMail } from './outbox.ts';

// Foray's mails, in English and Lithuanian together: the server does not know which language the
// reader chose in the app, and a short mail in both is clearer than a guess.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function mail(to: string, subject: string, paragraphs: string[], link?: { url: string; label: string }): OutgoingMail {
  const text = [...paragraphs, ...(link ? [link.url] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join('\n');
  return { to, subject, text, html };
}

export const verificationMail = (to: string, url: string) =>
  mail(
    to,
    'Confirm your e-mail for Foray / Patvirtinkite el. paštą „Foray“',
    [
      'Welcome to Foray. Open the link below to confirm your e-mail address, then sign in. The link works for 24 hours.',
      'Sveiki atvykę į „Foray“. Atidarykite nuorodą, kad patvirtintumėte el. pašto adresą, tada prisijunkite. Nuoroda galioja 24 valandas.',
    ],
    { url, label: 'Confirm e-mail / Patvirtinti el. paštą' },
  );

export const passwordResetMail = (to: string, url: string) =>
  mail(
    to,
    'Reset your Foray password / Atkurkite „Foray“ slaptažodį',
    [
      'Someone asked to reset the password of your Foray account. Open the link below within one hour to choose a new one. If it was not you, ignore this mail: your password stays as it is.',
      'Kažkas paprašė atkurti jūsų „Foray“ paskyros slaptažodį. Atidarykite nuorodą per valandą ir pasirinkite naują. Jei tai buvote ne jūs, nekreipkite dėmesio: slaptažodis nepasikeis.',
    ],
    { url, label: 'Choose a new password / Pasirinkti naują slaptažodį' },
  );

export const existingAccountMail = (to: string, resetUrl: string) =>
  mail(
    to,
    'You already have a Foray account / Jau turite „Foray“ paskyrą',
    [
      'Someone tried to create a Foray account with this e-mail address, but you already have one. If it was you, sign in — or reset your password from the sign-in screen if you forgot it. If it was not you, ignore this mail.',
      'Kažkas bandė sukurti „Foray“ paskyrą šiuo el. pašto adresu, bet jūs ją jau turite. Jei tai buvote jūs, prisijunkite arba atkurkite slaptažodį prisijungimo lange. Jei ne, nekreipkite dėmesio.',
    ],
    { url: resetUrl, label: 'Open Foray / Atidaryti „Foray“' },
  );

export const emailChangeMail = (to: string, url: string) =>
  mail(
    to,
    'Confirm your new e-mail for Foray / Patvirtinkite naują „Foray“ el. paštą',
    [
      'You asked to use this address for your Foray account. Open the link below within 24 hours to confirm it; until then your account keeps its old address. If it was not you, ignore this mail.',
      'Paprašėte šį adresą naudoti savo „Foray“ paskyrai. Atidarykite nuorodą per 24 valandas, kad jį patvirtintumėte; iki tol paskyra lieka su senuoju adresu. Jei tai buvote ne jūs, nekreipkite dėmesio.',
    ],
    { url, label: 'Confirm new e-mail / Patvirtinti naują el. paštą' },
  );

export const emailChangedNoticeMail = (to: string, newEmail: string, publicUrl: string) =>
  mail(
    to,
    'Your Foray e-mail was changed / Jūsų „Foray“ el. paštas pakeistas',
    [
      `Your Foray account now uses ${newEmail}; this address (${to}) no longer signs in. If it was not you, someone else was signed in to your account: contact the operator of this Foray at once.`,
      `Jūsų „Foray“ paskyra dabar naudoja ${newEmail}; šiuo adresu (${to}) prisijungti nebegalima. Jei tai buvote ne jūs, jūsų paskyra naudojosi kažkas kitas: nedelsdami susisiekite su šio „Foray“ administratoriumi.`,
    ],
    { url: publicUrl, label: 'Open Foray / Atidaryti „Foray“' },
  );

/**
 * An invitation to a circle sent to an address (issue #20). The names are the inviter's and the circle's own words,
 * so they stay in the body (escaped in the HTML), never in the subject, and on one line each. An inviter who has
 * chosen no display name is not named at all (ADR 0072): nothing of their address stands in for it.
 */
export const circleInviteMail = (
  to: string,
  invite: { inviter: string | null; circle: string; url: string; days: number },
) => {
  const inviter = invite.inviter === null ? null : oneLine(invite.inviter);
  const circle = oneLine(invite.circle);
  const days = `${invite.days} ${invite.days === 1 ? 'day' : 'days'}`;
  return mail(
    to,
    'You are invited to a circle on Foray / Kvietimas į ratą „Foray“',
    [
      `${inviter ?? 'A Foray user who has not chosen a display name yet'} invites you to the circle “${circle}” on Foray, to see the spots its members share with it. Open the link below to join; if you have no Foray account yet, sign up with this address (${to}) first, then open the link again. The invitation is for this address only and works for ${days}. ${inviter === null ? 'If you did not expect it' : `If you do not know ${inviter}`}, ignore this mail.`,
      `${inviter ?? '„Foray“ naudotojas, dar nepasirinkęs rodomo vardo,'} kviečia jus į ratą „${circle}“ programoje „Foray“: matysite vietas, kuriomis dalijasi jo nariai. Atidarykite nuorodą, kad prisijungtumėte; jei dar neturite „Foray“ paskyros, pirmiausia užsiregistruokite šiuo adresu (${to}), tada vėl atidarykite nuorodą. Kvietimas skirtas tik šiam adresui ir galioja ${invite.days} d. ${inviter === null ? 'Jei kvietimo nelaukėte' : `Jei ${inviter} nepažįstate`}, nekreipkite dėmesio.`,
    ],
    { url: invite.url, label: 'Join the circle / Prisijungti prie rato' },
  );
};

/** Names typed by people may hold line breaks and tabs: in a mail sentence they become spaces. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * The language of an account's own mails: the one its app had at sign-up (user.language, ADR 0079); null (an
 * account from before, or made by an administrator) gets both, as every other mail does.
 */
export type MailLanguage = 'en' | 'lt' | null;

/** A mail in the reader's language, or in both when it is not known. */
function mailIn(
  to: string,
  language: MailLanguage,
  words: { en: { subject: string; body: string; label: string }; lt: { subject: string; body: string; label: string } },
  url: string,
): OutgoingMail {
  if (language === 'en' || language === 'lt') {
    const chosen = words[language];
    return mail(to, chosen.subject, [chosen.body], { url, label: chosen.label });
  }
  return mail(to, `${words.en.subject} / ${words.lt.subject}`, [words.en.body, words.lt.body], {
    url,
    label: `${words.en.label} / ${words.lt.label}`,
  });
}

/** Signed up on a server whose policy is approval: told the account waits for an administrator (ADR 0079). */
export const pendingApprovalMail = (to: string, language: MailLanguage, publicUrl: string) =>
  mailIn(
    to,
    language,
    {
      en: {
        subject: 'Your Foray account waits for approval',
        body: 'Thank you for signing up to Foray. On this server an administrator approves each new account: confirm your e-mail with the link we sent you, and you will get another mail once your account is approved. Until then you cannot sign in. If it was not you who signed up, ignore this mail.',
        label: 'Open Foray',
      },
      lt: {
        subject: 'Jūsų „Foray“ paskyra laukia patvirtinimo',
        body: 'Ačiū, kad užsiregistravote „Foray“. Šiame serveryje kiekvieną naują paskyrą patvirtina administratorius: patvirtinkite el. paštą mūsų atsiųsta nuoroda, o kai paskyra bus patvirtinta, gausite dar vieną laišką. Iki tol prisijungti negalėsite. Jei registravotės ne jūs, nekreipkite dėmesio.',
        label: 'Atidaryti „Foray“',
      },
    },
    publicUrl,
  );

/** An administrator approved the account: it may sign in now (sent by the route that approves). */
export const accountApprovedMail = (to: string, language: MailLanguage, publicUrl: string) =>
  mailIn(
    to,
    language,
    {
      en: {
        subject: 'Your Foray account is approved',
        body: 'An administrator of this Foray server has approved your account. You can sign in now with your e-mail and password.',
        label: 'Sign in to Foray',
      },
      lt: {
        subject: 'Jūsų „Foray“ paskyra patvirtinta',
        body: 'Šio „Foray“ serverio administratorius patvirtino jūsų paskyrą. Dabar galite prisijungti savo el. paštu ir slaptažodžiu.',
        label: 'Prisijungti prie „Foray“',
      },
    },
    publicUrl,
  );

/** To each administrator: someone signed up and waits for approval. Their address only: nothing else of theirs. */
export const approvalWaitingMail = (to: string, newcomer: string, publicUrl: string) =>
  mail(
    to,
    'A new Foray account waits for approval / Nauja „Foray“ paskyra laukia patvirtinimo',
    [
      `${newcomer} signed up to this Foray server and waits for an administrator's approval. Approve or refuse the account on the administration page (People).`,
      `${newcomer} užsiregistravo šiame „Foray“ serveryje ir laukia administratoriaus patvirtinimo. Patvirtinkite arba atmeskite paskyrą administravimo puslapyje (Žmonės).`,
    ],
    { url: publicUrl, label: 'Open Foray / Atidaryti „Foray“' },
  );

/** A server invitation mailed to an address (ADR 0079): signs up with this address only. */
export const serverInviteMail = (to: string, invite: { url: string; days: number }) =>
  mail(
    to,
    'You are invited to join Foray / Kvietimas prisijungti prie „Foray“',
    [
      `An administrator of this Foray server invites you to make an account, to keep and share mushroom spots. Open the link below and sign up with this address (${to}): the invitation is for this address only and works for ${invite.days} ${invite.days === 1 ? 'day' : 'days'}. If you did not expect it, ignore this mail.`,
      `Šio „Foray“ serverio administratorius kviečia jus susikurti paskyrą grybavietėms saugoti ir jomis dalytis. Atidarykite nuorodą ir užsiregistruokite šiuo adresu (${to}): kvietimas skirtas tik šiam adresui ir galioja ${invite.days} d. Jei kvietimo nelaukėte, nekreipkite dėmesio.`,
    ],
    { url: invite.url, label: 'Join / Prisijungti' },
  );
