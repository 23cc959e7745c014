import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer } from '@/test/mock-api/server';
import { logIn, renderApp } from '@/test/render-app';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Cadenza:ada%40example.com?secret=${SECRET}&issuer=Cadenza`;
const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

/** The server's two-factor routes over one account's state. */
function twoFactorServer(initial: { enabled: boolean }) {
  const state = { ...initial, left: initial.enabled ? 10 : 0 };
  answer('GET /api/user/two-factor', () =>
    HttpResponse.json({
      success: true,
      data: { enabled: state.enabled, recoveryCodesLeft: state.left, required: false },
    }),
  );
  answer('POST /api/user/two-factor/setup', () =>
    HttpResponse.json({ success: true, data: { secret: SECRET, uri: URI } }),
  );
  answer('POST /api/user/two-factor/confirm', async ({ request }) => {
    const { code } = (await request.json()) as { code: string };
    if (code !== '654321') {
      return HttpResponse.json(
        { success: false, code: 'invalid_second_factor_code', message: 'That code is not valid.' },
        { status: 400 },
      );
    }
    Object.assign(state, { enabled: true, left: 10 });
    return HttpResponse.json({ success: true, data: { recoveryCodes: CODES } });
  });
  answer('POST /api/user/two-factor/disable', () => {
    state.enabled = false;
    return HttpResponse.json({ success: true, message: 'Two-factor sign-in is off.' });
  });
}

async function openSection() {
  logIn(makeUser());
  const view = renderApp('/account');
  const section = within(await screen.findByRole('region', { name: 'Two-factor sign-in' }));
  return { ...view, section };
}

describe('the two-factor section of the account page', { timeout: 20_000 }, () => {
  it('shows the QR code and the secret, confirms with a code, then shows the recovery codes once', async () => {
    twoFactorServer({ enabled: false });
    const { user, section } = await openSection();
    await user.click(await section.findByRole('button', { name: 'Set up two-factor sign-in' }));

    const qr = await section.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(section.getByText(SECRET)).toBeVisible();

    await user.click(section.getByRole('button', { name: 'Turn on' }));
    expect(await section.findByText('Please enter the code')).toBeVisible();
    expect(requestsTo('POST /api/user/two-factor/confirm')).toHaveLength(0);

    await user.type(section.getByLabelText('Code from the app'), '111111');
    await user.click(section.getByRole('button', { name: 'Turn on' }));
    expect(await section.findByText('That code is not valid.')).toBeVisible();

    await user.clear(section.getByLabelText('Code from the app'));
    await user.type(section.getByLabelText('Code from the app'), '654321');
    await user.click(section.getByRole('button', { name: 'Turn on' }));
    const list = await section.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);

    await user.click(section.getByRole('button', { name: 'I have saved them' }));
    expect(
      await section.findByText(/Two-factor sign-in is on\. 10 recovery codes left/),
    ).toBeVisible();
    expect(section.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
  });

  it('turns it off with the password and a code', async () => {
    twoFactorServer({ enabled: true });
    const { user, section } = await openSection();
    await user.click(await section.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    await user.type(section.getByLabelText('Password'), 'secret1');
    await user.type(section.getByLabelText('Code or recovery code'), ' 123456 ');
    await user.click(section.getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(requestsTo('POST /api/user/two-factor/disable')[0]?.body).toEqual({
        password: 'secret1',
        code: '123456',
      }),
    );
    expect(await section.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  });
});
