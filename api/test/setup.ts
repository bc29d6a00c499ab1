// A suite's beforeAll starts PGlite (WASM, ~4 s alone, longer on a busy machine), migrates and seeds.
jest.setTimeout(60_000);
