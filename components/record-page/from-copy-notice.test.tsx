// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FromCopyNotice } from './from-copy-notice';

afterEach(cleanup);

describe('FromCopyNotice', () => {
  it('tells, as a status in the page language, that the page is the saved copy and may be a few minutes old', () => {
    render(<FromCopyNotice locale="en" />);
    expect(screen.getByRole('status').textContent).toMatch(/saved copy, which may be a few minutes old/);
    cleanup();
    render(<FromCopyNotice locale="fr" />);
    expect(screen.getByRole('status').textContent).toMatch(/notre copie, qui peut dater de quelques minutes/);
  });
});
