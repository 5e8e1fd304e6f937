import { describe, expect, it } from 'vitest';
import { markdownText } from './markdown-text';

describe('markdownText', () => {
  it('keeps the words and drops the marks', () => {
    expect(
      markdownText(
        '**Tax file number**\n\nApply on the [ATO website](https://www.ato.gov.au/).\n\n- First\n1. Second _now_',
      ),
    ).toBe('Tax file number Apply on the ATO website. First Second now');
  });
});
