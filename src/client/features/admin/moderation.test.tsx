import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp } from '../../test/helpers';
import { adminUser, applicant, chatReport, services } from './admin-fixtures';
import { polyfillDialog, serveAdmin, writes } from './admin-server';
import { AdminPage } from './admin-page';

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const renderAdmin = (path: string) => renderWithApp(<AdminPage />, { path, user: adminUser });

describe('Mentors to verify', () => {
  it('shows what the applicant wrote and verifies them', async () => {
    const calls = serveAdmin();
    renderAdmin('/admin?tab=mentors');
    const card = await screen.findByRole('article', { name: 'Thu Nguyen' });
    for (const text of [
      'thu@example.com',
      'Joined 1 January 2026',
      'Nurse in Sydney',
      'I came as a student in 2015.',
      'Vietnam → Australia',
      'nursing',
      'Student Support, Health & Well-being',
      'Vietnamese, English',
      'Parramatta, New South Wales',
    ])
      expect(within(card).getByText(text)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Verify Thu Nguyen' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Mentor verified'));
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/api/admin/users/u3/verify', body: {} }]);
  });

  it('shows the topics a mentor chose, and no empty experience, when they wrote none', async () => {
    serveAdmin(undefined, { mentors: [{ ...applicant, expertise: [] }] });
    renderAdmin('/admin?tab=mentors');
    const card = await screen.findByRole('article', { name: 'Thu Nguyen' });
    expect(within(card).getByText('Student Support, Health & Well-being')).toBeVisible();
    expect(within(card).queryByText('Not given')).not.toBeInTheDocument();
  });

  it('declines only with a reason, which is sent', async () => {
    const calls = serveAdmin();
    renderAdmin('/admin?tab=mentors');
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Thu Nguyen' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline Thu Nguyen as a mentor?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toBeRequired();
    expect(reason).toHaveAttribute('maxlength', '500');
    // Spaces only: the shared schema refuses it, as the server would.
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Failed to decline mentor / Please say why, so the person knows.',
    );
    expect(writes(calls)).toEqual([]);

    await userEvent.type(reason, 'Please add your qualifications to your story.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Mentor declined'));
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/admin/users/u3/decline',
        body: { reason: 'Please add your qualifications to your story.' },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Mentors to verify: not ready yet', () => {
  it('says who waits for their email confirmation or has no headline, and offers only Decline', async () => {
    const calls = serveAdmin(undefined, {
      mentors: [
        { ...applicant, id: 'u4', displayName: 'Bao', emailVerified: false },
        { ...applicant, id: 'u5', displayName: 'Chi', headline: null },
      ],
    });
    renderAdmin('/admin?tab=mentors');

    const bao = await screen.findByRole('article', { name: 'Bao' });
    expect(within(bao).getByText('Waiting for email confirmation')).toBeVisible();
    expect(within(bao).queryByText('Profile incomplete')).not.toBeInTheDocument();
    const verifyBao = within(bao).getByRole('button', { name: 'Verify Bao' });
    expect(verifyBao).toBeDisabled();
    expect(verifyBao).toHaveAccessibleDescription(
      'Waiting for email confirmation This mentor has not confirmed their email yet. They can be verified once they have.',
    );
    expect(within(bao).getByRole('button', { name: 'Decline Bao' })).toBeEnabled();

    const chi = screen.getByRole('article', { name: 'Chi' });
    expect(within(chi).getByText('Profile incomplete')).toBeVisible();
    expect(within(chi).queryByText('Waiting for email confirmation')).not.toBeInTheDocument();
    expect(within(chi).getByRole('button', { name: 'Verify Chi' })).toBeDisabled();
    expect(within(chi).getByRole('button', { name: 'Decline Chi' })).toBeEnabled();

    await userEvent.click(within(chi).getByRole('button', { name: 'Decline Chi' }));
    expect(screen.getByRole('dialog', { name: 'Decline Chi as a mentor?' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('offers Verify to a mentor with a confirmed email and a headline, with no such note', async () => {
    serveAdmin();
    renderAdmin('/admin?tab=mentors');
    const card = await screen.findByRole('article', { name: 'Thu Nguyen' });
    expect(within(card).getByRole('button', { name: 'Verify Thu Nguyen' })).toBeEnabled();
    expect(within(card).queryByText('Waiting for email confirmation')).not.toBeInTheDocument();
    expect(within(card).queryByText('Profile incomplete')).not.toBeInTheDocument();
  });
});

describe('Reports', () => {
  it('shows a chat report with its reasons, reporters and the lines before it', async () => {
    serveAdmin();
    renderAdmin('/admin?tab=reports');
    const card = await screen.findByRole('article', { name: 'Finding part-time work' });
    expect(card).toHaveTextContent('Chat message');
    expect(card).toHaveTextContent('Reported by 2 people');
    expect(card).toHaveTextContent('Abuse or harassment: 2, Spam or advertising: 1');
    expect(card).toHaveTextContent('He keeps asking for my passport number.');
    expect(card).toHaveTextContent('By Minh');
    const lines = within(card)
      .getAllByRole('listitem')
      .filter((item) => item.closest('ol'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toHaveTextContent('Reported');
    expect(lines[1]).toHaveTextContent('Reported');
    expect(lines[1]).toHaveTextContent('Send me your passport number now');
    // A chat has no page an admin can open.
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('dismisses or removes after asking, and links a question in context', async () => {
    const question = {
      ...chatReport,
      id: 'r2',
      targetType: 'question' as const,
      content: { ...chatReport.content, title: 'Cheap visas here' },
      link: '/questions/q7',
      context: [],
    };
    const calls = serveAdmin(undefined, { reports: [chatReport, question] });
    renderAdmin('/admin?tab=reports');
    const card = await screen.findByRole('article', { name: 'Cheap visas here' });
    expect(within(card).getByRole('link', { name: 'Open in context' })).toHaveAttribute(
      'href',
      '/questions/q7',
    );

    await userEvent.click(within(card).getByRole('button', { name: /^Remove/ }));
    const remove = screen.getByRole('dialog', { name: 'Remove this content?' });
    await userEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Content removed'));

    const chat = screen.getByRole('article', { name: 'Finding part-time work' });
    await userEvent.click(within(chat).getByRole('button', { name: /^Dismiss/ }));
    const dismiss = screen.getByRole('dialog', { name: 'Dismiss this report?' });
    await userEvent.click(within(dismiss).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Report dismissed'));

    expect(writes(calls)).toEqual([
      { method: 'PATCH', url: '/api/admin/reports/r2', body: { action: 'remove' } },
      { method: 'PATCH', url: '/api/admin/reports/r1', body: { action: 'dismiss' } },
    ]);
  });

  it('closes a reported chat rather than deleting it', async () => {
    const chat = {
      ...chatReport,
      id: 'r3',
      targetType: 'conversation' as const,
      context: chatReport.context.map((line) => ({ ...line, reported: false })),
    };
    const calls = serveAdmin(undefined, { reports: [chat] });
    renderAdmin('/admin?tab=reports');
    const card = await screen.findByRole('article', { name: 'Finding part-time work' });
    expect(card).toHaveTextContent('The last messages before the report');
    await userEvent.click(within(card).getByRole('button', { name: 'Remove (Close the chat)' }));
    const dialog = screen.getByRole('dialog', { name: 'Close this chat?' });
    expect(dialog).toHaveAccessibleDescription(/its two people keep their history/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Chat closed'));
    expect(writes(calls)).toEqual([
      { method: 'PATCH', url: '/api/admin/reports/r3', body: { action: 'remove' } },
    ]);
  });

  it('lists other statuses without actions', async () => {
    const calls = serveAdmin(undefined, {
      reports: [{ ...chatReport, status: 'resolved', removed: true }],
      outdated: [],
    });
    renderAdmin('/admin?tab=reports');
    await screen.findByRole('article');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'resolved');
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/admin/reports?status=resolved'),
    );
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('Removed');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('Notices and Chloe jobs', () => {
  it('sets and clears a notice on a government service', async () => {
    // The server answers with every service as it now is.
    const calls = serveAdmin((call) => {
      const id = call.url.split('/').at(-1);
      const { note } = call.body as { note: string | null };
      return json(200, {
        services: services.map((s) => (s.id === id ? { ...s, note: note ?? undefined } : s)),
      });
    });
    renderAdmin('/admin?tab=notices');
    const mygov = await screen.findByRole('article', { name: 'myGov' });
    expect(within(mygov).queryByRole('button', { name: /^Clear Notice/ })).not.toBeInTheDocument();
    await userEvent.type(
      within(mygov).getByRole('textbox', { name: 'Notice for myGov' }),
      'Sign-in is slow tonight',
    );
    await userEvent.click(within(mygov).getByRole('button', { name: 'Save Notice for myGov' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Notice saved'));

    const immi = screen.getByRole('article', { name: 'ImmiAccount' });
    expect(immi).toHaveTextContent('Shown now: Maintenance on Saturday');
    await userEvent.click(within(immi).getByRole('button', { name: 'Clear Notice for ImmiAccount' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Notice cleared'));

    expect(writes(calls)).toEqual([
      { method: 'PUT', url: '/api/admin/government/status/mygov', body: { note: 'Sign-in is slow tonight' } },
      { method: 'PUT', url: '/api/admin/government/status/immi', body: { note: null } },
    ]);
  });

  it("retries Chloe's failed reply", async () => {
    const calls = serveAdmin();
    renderAdmin('/admin?tab=jobs');
    const table = await screen.findByRole('table', { name: 'Chloe jobs' });
    expect(
      within(table).getByRole('link', { name: 'Can I work more hours in the holidays?' }),
    ).toHaveAttribute('href', '/questions/q9');
    expect(table).toHaveTextContent('provider timed out');
    await userEvent.click(
      within(table).getByRole('button', {
        name: 'Retry Chloe’s answer to “Can I work more hours in the holidays?”',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Chloe will try again'));
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/api/admin/ai-jobs/q9/retry', body: undefined }]);
  });
});
