import type { ServerFrame } from './chat';
import type { LiveFrame, NotificationFrame } from './notifications';

/** Every frame the server sends on the realtime channel: chat's, the bell's and the live feed's. */
export type RealtimeFrame = ServerFrame | NotificationFrame | LiveFrame;
