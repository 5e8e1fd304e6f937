import { useEffect } from 'react';
import { SafetyStrip } from '../components/safety-strip';
import { QUICK_EXIT_LIVE } from '../../shared/quick-exit';
import { leaveNow, tripleEscapeListener } from '../lib/quick-exit';

/** Escape three times leaves from any page, wherever the focus is. */
export function useTripleEscape(onTriple: () => void = leaveNow) {
  useEffect(() => {
    const listener = tripleEscapeListener(onTriple);
    // Capture, so a widget that stops Escape from bubbling (a menu closing) still counts it.
    document.addEventListener('keydown', listener, true);
    return () => document.removeEventListener('keydown', listener, true);
  }, [onTriple]);
}

/**
 * The header's safety strip (Quick exit, the demo notice), and Escape three times to leave. Once they answer, the
 * page's own script, which answered until the app came, leaves Escape to them (shared/early-taps.ts).
 */
export function SafetyBar() {
  useTripleEscape();
  useEffect(() => document.documentElement.setAttribute(QUICK_EXIT_LIVE, ''), []);
  return <SafetyStrip />;
}
