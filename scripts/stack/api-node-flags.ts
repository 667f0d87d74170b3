// The Node flags every launcher of the API passes: `npm run up`, `npm start`, the Docker image and bench:api.
// The API's garbage is short-lived request objects on one or two cores, so it is collected on the main thread in
// small semi-spaces; docs/speed.md has the measurements. package.json and the Dockerfile cannot import this list,
// so test/unit/compose.test.ts keeps them in step.
export const API_NODE_FLAGS = ['--max-semi-space-size=4', '--single-threaded-gc'] as const;
