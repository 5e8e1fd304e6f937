/** The app's one realtime socket and the hooks screens use to hear it. */
export {
  useConnectionState,
  useJoinConversation,
  useRealtimeConnect,
  useRealtimeFrames,
  useWatch,
} from './hooks';
export { realtimeSocket, type ConnectionState } from './socket';
export type { RealtimeFrame } from '../../../shared/schemas/realtime';
