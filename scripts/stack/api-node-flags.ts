// The Node flags every launcher of the API passes: `npm run up`, `npm start`, the Docker image and bench:api.
// package.json and the Dockerfile cannot import this list, so test/unit/compose.test.ts keeps them in step.
//
// --max-semi-space-size=4 (MB; Node 20's default is 16): V8 reserves two semi-spaces for the young generation and
// the API's garbage is short-lived request objects, so smaller semi-spaces only mean more frequent, cheaper scavenges.
// Measured at 20,000 creators under 300 s of closed-loop load (8 connections): resident memory median 143 → 126 MB,
// highest 156 → 140 MB, API CPU 1.29 → 1.30 ms per call; docs/speed.md has that A/B and the ten-minute runs.
//
// --single-threaded-gc: V8 otherwise hands parts of every scavenge to helper threads, one per core it sees, and on
// the one or two cores an API process gets they wait on each other and on the requests. The API's young
// generation is small (above) and mostly garbage, so the main thread alone collects it for less CPU. Measured at
// 20,000 creators (12 s of closed-loop load, 8 connections, three alternating pairs each): API CPU per metered call
// 0.48 → 0.45 ms (−5%) with the API, Redis and the load generator on one core and OpenSearch on the other, 0.51 →
// 0.50 ms (−3%) with everything on both cores. --single-threaded (no background compilation either) did no better.
export const API_NODE_FLAGS = ['--max-semi-space-size=4', '--single-threaded-gc'] as const;
