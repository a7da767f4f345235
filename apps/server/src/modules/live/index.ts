// For races: the live feed's way of streaming (Server-Sent Events framing, the heartbeat and its
// period), which the Race tab's live standings use too.
export { SSE_HEARTBEAT, sseJsonMessage, sseMessage } from './events.ts';
export { EventStreams, HEARTBEAT_MS, type EventStream } from './event-streams.ts';
