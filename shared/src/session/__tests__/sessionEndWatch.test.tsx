/** Decision 078: how the dashboard reads its session-events stream. */
import { readUntilEnded } from '../sessionEndWatch';

it('reads a stream up to `event: ended`, across chunks; a stream that closes without it is not an end', async () => {
  const encoder = new TextEncoder();
  const streamOf = (...chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
  expect(await readUntilEnded(streamOf('event: open\ndata: {}\n\n', ': ancora qui\n\n', 'event: en', 'ded\ndata: {}\n\n'))).toBe(true);
  expect(await readUntilEnded(streamOf('event: open\ndata: {}\n\n', ': ancora qui\n\n'))).toBe(false);
  // Only an event named so: a comment or data that mentions it is not one.
  expect(await readUntilEnded(streamOf(': event: ended\n\n', 'data: event: ended\n\n'))).toBe(false);
});
