import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { en, exactly, lt } from './support/texts.ts';
import { expectVisible } from './support/ui.ts';

const foray = useForay();

describe('language', () => {
  it('switches to Lithuanian and keeps it across a reload', async () => {
    const { page } = await foray.newPage();
    const { email } = await signedInUser(page, foray);
    await expectVisible(page.getByText(en('app.welcome', { email })));
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    const languages = page.getByRole('group', { name: exactly(en('common.language')) });
    await languages.getByRole('button', { name: 'lt', exact: true }).click();
    await expectVisible(page.getByText(lt('app.welcome', { email })));
    await expectVisible(page.getByRole('tab', { name: exactly(lt('tabs.map')) }));
    await expectVisible(page.getByRole('tab', { name: exactly(lt('tabs.locations')) }));
    expect(await page.getAttribute('html', 'lang')).toBe('lt');

    await page.reload();
    await expectVisible(page.getByText(lt('app.welcome', { email })));
    await expectVisible(page.getByRole('button', { name: exactly(lt('map.locateMe')) }));
    expect(await page.getAttribute('html', 'lang')).toBe('lt');
    const pressed = page.getByRole('group', { name: exactly(lt('common.language')) }).getByRole('button', { name: 'lt', exact: true });
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
  });
});
