// The Node flags every launcher of the API passes: `npm run up`, `npm start`, the Docker image and bench:api.
// package.json and the Dockerfile cannot import this list, so test/unit/compose.test.ts keeps them in step.
//
// --max-semi-space-size=4 (MB; Node 20's default is 16): V8 reserves two semi-spaces for the young generation and
// the API's garbage is short-lived request objects, so smaller semi-spaces only mean more frequent, cheaper scavenges.
// Measured at 20,000 creators under 300 s of closed-loop load (8 connections): resident memory median 143 → 126 MB,
// highest 156 → 140 MB, API CPU 1.29 → 1.30 ms per call; docs/speed.md has that A/B and the ten-minute runs.
export const API_NODE_FLAGS = ['--max-semi-space-size=4'] as const;
