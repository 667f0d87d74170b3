// The one place the stack's versions are pinned. docker-compose.yml cannot import this file, so
// test/unit/compose.test.ts checks that it names the same images.
export const OPENSEARCH_VERSION = '3.6.0';
export const OPENSEARCH_IMAGE = `opensearchproject/opensearch:${OPENSEARCH_VERSION}`;
// Maven Central publishes the real server (all standard modules, no plugins) as this zip.
export const OPENSEARCH_ARTIFACT = `org.opensearch.distribution.integ-test-zip:opensearch:${OPENSEARCH_VERSION}:zip`;
export const REDIS_IMAGE = 'redis:7';
// OpenSearch 3.x needs Java 21 or newer.
export const MIN_JAVA_MAJOR = 21;
