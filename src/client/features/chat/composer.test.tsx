import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/page-texts';
import { schemas } from '../../lib/schemas';
import { Composer } from './composer';

function setup(lockedNotice?: string) {
  const onSend = vi.fn();
  const onTyping = vi.fn();
  render(<Composer onSend={onSend} onTyping={onTyping} lockedNotice={lockedNotice} />);
  return { onSend, onTyping, box: () => screen.getByRole('textbox', { name: 'Message' }) };
}

describe('Composer', () => {
  it('sends the trimmed message on Enter and empties the box', async () => {
    const { onSend, onTyping, box } = setup();
    await userEvent.type(box(), '  Hello Minh  {Enter}');
    // The form's schema loads when the box is focused or the message sent (lib/schemas.ts).
    await waitFor(() => expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello Minh'));
    expect(box()).toHaveValue('');
    expect(onTyping).toHaveBeenCalled();
  });

  it('loads its schema when the box is focused, and sends once however often Enter is pressed while it loads', async () => {
    let loaded!: () => void;
    const slow = new Promise<void>((resolve) => (loaded = resolve));
    const load = vi.spyOn(schemas, 'chat').mockImplementation(async () => {
      await slow;
      return import('../../../shared/schemas/chat');
    });
    try {
      const { onSend, box } = setup();
      await userEvent.click(box());
      expect(load).toHaveBeenCalled();
      await userEvent.type(box(), 'Hello{Enter}{Enter}');
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(onSend).not.toHaveBeenCalled();
      loaded();
      await waitFor(() => expect(box()).toHaveValue(''));
      expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello');
      await userEvent.type(box(), 'Again{Enter}');
      await waitFor(() => expect(onSend).toHaveBeenLastCalledWith('Again'));
      expect(onSend).toHaveBeenCalledTimes(2);
    } finally {
      load.mockRestore();
    }
  });

  it('starts a new line on Shift+Enter without sending', async () => {
    const { onSend, box } = setup();
    await userEvent.type(box(), 'First line{Shift>}{Enter}{/Shift}Second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(box()).toHaveValue('First line\nSecond line');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('First line\nSecond line');
  });

  it('does not send a blank message', async () => {
    const { onSend, box } = setup();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(box(), '   {Enter}');
    await userEvent.type(box(), '{Shift>}{Enter}{/Shift}{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('takes at most 4,000 characters and says how many are left near the end', async () => {
    const { box } = setup();
    expect(box()).toHaveAttribute('maxLength', '4000');
    await userEvent.click(box());
    await userEvent.paste('a'.repeat(3_990));
    expect(screen.getByText('10 characters left')).toBeInTheDocument();
  });

  it('is replaced by the notice while the conversation is closed', () => {
    setup('This conversation is closed.');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This conversation is closed.');
  });
});
