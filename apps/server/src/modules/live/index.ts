// For races: the live feed's way of streaming (Server-Sent Events framing, the heartbeat and its
// period, the checks before a stream opens), which the Race tab's live standings use too.
export { SSE_HEARTBEAT, sseJsonMessage, sseMessage } from './events.ts';
export {
  admitStreamCaller,
  EventStreams,
  HEARTBEAT_MS,
  takeOverReply,
  type EventStream,
  type StreamCaller,
  type StreamResponse,
} from './event-streams.ts';
