import { i18n } from '../../i18n/translator.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import lt from '../../../locales/lt.json' with { type: 'json' };
import { ApiError } from '../../lib/api-client.ts';
import { circleErrorMessage } from './circle-errors.ts';

beforeAll(async () => {
  i18n.addWords('en', en);
  i18n.addWords('lt', lt);
  await i18n.changeLanguage('en');
});

const error = (status: number, code: string, message = `server says ${code}`) => new ApiError(status, code, message);

describe('circleErrorMessage', () => {
  it('says a circle is gone for a 404, and a link does not work for one', () => {
    expect(circleErrorMessage(error(404, 'NOT_FOUND'))).toBe(en['circles.errors.gone']);
    expect(circleErrorMessage(error(404, 'NOT_FOUND'), 'link')).toBe(en['circles.invite.unknown']);
  });

  it("names which way an invitation ran out, on the link's routes", () => {
    expect(circleErrorMessage(error(410, 'INVITE_EXPIRED'), 'link')).toBe(en['circles.invite.expired']);
    expect(circleErrorMessage(error(410, 'INVITE_USED_UP'), 'link')).toBe(en['circles.invite.usedUp']);
    expect(circleErrorMessage(error(410, 'INVITE_REVOKED'), 'link')).toBe(en['circles.invite.revoked']);
    expect(circleErrorMessage(error(403, 'INVITE_FOR_ANOTHER_ADDRESS'), 'link')).toBe(
      en['circles.invite.otherAddress'],
    );
    expect(circleErrorMessage(error(403, 'INVITE_PREDATES_LEAVING'), 'link')).toBe(en['circles.invite.leftBefore']);
  });

  it("gives the limits in the forager's language, with their numbers", async () => {
    expect(circleErrorMessage(error(409, 'CIRCLE_FULL'))).toBe(
      'This circle is full: a circle can have at most 500 members.',
    );
    await i18n.changeLanguage('lt');
    try {
      expect(circleErrorMessage(error(409, 'CIRCLE_LIMIT'), 'link')).toBe(
        'Galite priklausyti ne daugiau kaip 50 ratelių. Prieš kurdami naują ar prisijungdami prie kito, iš vieno išeikite.',
      );
      expect(circleErrorMessage(error(0, 'NETWORK_ERROR'))).toBe(lt['circles.errors.offline']);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("passes on the server's message for a code it has no words for", () => {
    expect(circleErrorMessage(error(409, 'SOMETHING_NEW', 'A new rule.'))).toBe('A new rule.');
    expect(circleErrorMessage(error(500, 'HTTP_500', ''))).toBe(en['common.somethingWentWrong']);
    expect(circleErrorMessage(new Error('not from the API'))).toBe(en['common.somethingWentWrong']);
  });
});
