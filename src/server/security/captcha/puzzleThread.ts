// The worker thread that draws slider puzzles (puzzleSource.ts): drawing is about 10 ms of pure
// arithmetic a puzzle, which on the main thread held up every other request of a busy worker
// (issue 18 §6, the journey's event-loop delay). It answers each numbered request with the raw
// pixels, transferred, not copied; the main thread encodes them with sharp, off its own loop.
import { parentPort } from 'node:worker_threads';
import { drawPuzzle, type RawPuzzle } from './puzzleImage';

export type PuzzleReply = { id: number; puzzle: RawPuzzle } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('puzzleThread.ts runs as a worker thread');

port.on('message', (id: number) => {
  try {
    const puzzle = drawPuzzle();
    const reply: PuzzleReply = { id, puzzle };
    port.postMessage(reply, [puzzle.background.buffer, puzzle.piece.buffer] as ArrayBuffer[]);
  } catch (error) {
    const reply: PuzzleReply = { id, error: error instanceof Error ? error.message : String(error) };
    port.postMessage(reply);
  }
});
