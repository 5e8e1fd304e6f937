import { Component, type ReactNode } from 'react';
import { reportClientError } from '../lib/report-error';
import { CrashScreen } from './screens';

type Props = { children: ReactNode; resetKey?: string };

/** Shows the crash screen when rendering fails, reports the error, and clears on navigation. */
export class ErrorBoundary extends Component<Props, { failedAt: string | undefined | null }> {
  override state = { failedAt: null as string | undefined | null };

  static getDerivedStateFromError() {
    return { failedAt: undefined };
  }

  static getDerivedStateFromProps(props: Props, state: { failedAt: string | undefined | null }) {
    // Remember where it failed; a later navigation shows the new page again.
    if (state.failedAt === undefined) return { failedAt: props.resetKey ?? '' };
    if (state.failedAt !== null && state.failedAt !== (props.resetKey ?? '')) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown) {
    reportClientError(error);
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <CrashScreen />;
  }
}
