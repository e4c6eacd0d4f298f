import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiAs, signUpVerified } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content, expectUrl, freshEmail, logInThroughForm } from './support/console';
import { waitForMailLink } from './support/mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The path and query of an e-mail link, to open it on the test server. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** The row of a table that mentions `text`. */
const rowWith = (page: Page, text: string) => content(page).getByRole('row').filter({ hasText: text });

test('members: an admin invites a new person, who creates an account from the e-mail and joins', async () => {
  const email = freshEmail('invitee');
  await withPage(browser, 'members-invite-new-user', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/members?org=100001');
    await page.getByRole('heading', { name: 'Members' }).waitFor();

    await page.getByRole('button', { name: 'Invite members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite members' });
    await dialog.getByLabel('E-mail addresses').fill(email);
    expect(await dialog.getByRole('radio', { name: 'Standard' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Send invitations' }).click();

    await page.getByText('Invitation sent to 1 address.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The page switches to the pending invitations, where the new one is listed.
    await page.getByRole('tab', { name: /^Pending invitations \(\d+\)$/, selected: true }).waitFor();
    await rowWith(page, email).waitFor();

    const link = await waitForMailLink(email, 'invite');
    expect(new URL(link).searchParams.get('type')).toBe('invite');

    await withPage(browser, 'members-invite-new-user-accept', async ({ page: invitee }) => {
      await invitee.goto(pathOf(link));
      await invitee.getByRole('heading', { name: 'Join a business center' }).waitFor();
      await invitee.getByText('You were invited to join Northwind Agency as Standard.').waitFor();
      await invitee.getByText(email, { exact: true }).waitFor();

      await invitee.getByLabel('Your name').fill('Ivy Invitee');
      await invitee.getByLabel('Password', { exact: true }).fill('Invitee-Pass-2026');
      await invitee.getByLabel('Confirm password').fill('Invitee-Pass-2026');
      await invitee.getByRole('button', { name: 'Create account and join' }).click();

      // Signed in by the acceptance and taken straight into the center.
      await expectUrl(invitee, '/manage/overview?org=100001');
      await invitee.getByRole('heading', { name: 'Northwind Agency' }).waitFor();
      expect(await invitee.getByRole('button', { name: 'User menu' }).textContent()).toContain('Ivy Invitee');
    });

    // Back with the admin: the person is a standard member now, and no longer a pending invitation.
    await page.goto('/manage/members?org=100001');
    const row = rowWith(page, email);
    await row.waitFor();
    expect(await row.textContent()).toContain('Ivy Invitee');
    expect(await row.textContent()).toContain('Standard');
    await page.getByRole('tab', { name: /^Pending invitations/ }).click();
    await page.getByRole('searchbox', { name: 'Search invitations by e-mail' }).waitFor();
    expect(await rowWith(page, email).count()).toBe(0);

    // And the admin is told in the header.
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    await page.getByText(`${email} accepted your invitation to Northwind Agency.`).waitFor();
  });
});

test('members: a person with an account logs in from the invitation and accepts it', async () => {
  const invited = await signUpVerified('invited-existing', 'Existing-Pass-2026');
  await invited.dispose();
  const admin = await apiAs('admin@demo.test');
  await admin.ok('POST', '/scaler/v3/bc/invitations', {
    org: 100001,
    data: { emails: [invited.email], org_role: 'org_user', advs: [] },
  });
  await admin.dispose();
  const link = pathOf(await waitForMailLink(invited.email, 'invite'));

  await withPage(browser, 'members-invite-existing-user', async ({ page }) => {
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join a business center' }).waitFor();
    await page
      .getByText(`An account exists for ${invited.email}. Log in with it to accept the invitation.`)
      .waitFor();
    await page.getByRole('button', { name: 'Log in to accept' }).click();

    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(link);
    await logInThroughForm(page, invited.email, 'Existing-Pass-2026');

    // Back on the invitation, now signed in as the invited address: one click joins.
    await expectUrl(page, link);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByText('You joined Northwind Agency').waitFor();
    await page.getByText('Your role is Standard.').waitFor();
    await page.getByRole('button', { name: 'Open business center' }).click();
    await expectUrl(page, '/manage/overview?org=100001');
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();

    // The link has done its work.
    await page.goto(link);
    await page.getByText('This invitation was already accepted').waitFor();
    await page.getByRole('button', { name: 'Open business center' }).waitFor();
  });
});

test('members: an invitation opened while signed in as someone else asks to switch user', async () => {
  const email = freshEmail('invited-other');
  const admin = await apiAs('admin@demo.test');
  await admin.ok('POST', '/scaler/v3/bc/invitations', {
    org: 100001,
    data: { emails: [email], org_role: 'org_user', advs: [] },
  });
  await admin.dispose();
  const link = pathOf(await waitForMailLink(email, 'invite'));

  await withPage(browser, 'members-invite-wrong-user', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto(link);
    await page
      .getByText(`This invitation is for ${email}, but you are signed in as user@demo.test.`)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);

    // No account exists for the invited address: logging out leads to the sign-up form of the invitation.
    await page.getByRole('button', { name: 'Log out and create the invited account' }).click();
    await page.getByRole('button', { name: 'Create account and join' }).waitFor();
    expect(page.url()).toContain(link);
  });
});

test('members: the role filter and the search are kept in the address and applied by the server', async () => {
  await withPage(browser, 'members-filters', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/members?org=100001&org_role=org_user');
    await rowWith(page, 'user@demo.test').waitFor();
    expect(await rowWith(page, 'admin@demo.test').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Filter by role' }).isVisible()).toBe(true);

    const searchbox = page.getByRole('searchbox', { name: 'Search members by name or e-mail' });
    await searchbox.fill('viewer@');
    await searchbox.press('Enter');
    await expectUrl(page, '/manage/members?org=100001&org_role=org_user&q=viewer%40');
    await rowWith(page, 'viewer@demo.test').waitFor();
    await rowWith(page, 'user@demo.test').waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /^Members \(1\)$/, selected: true }).waitFor();

    // A search that matches nobody offers to clear it, which lists every standard member again.
    await searchbox.fill('nobody-here');
    await searchbox.press('Enter');
    await page.getByText('Nothing matches this search.').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expectUrl(page, '/manage/members?org=100001');
    await rowWith(page, 'admin@demo.test').waitFor();
  });
});
