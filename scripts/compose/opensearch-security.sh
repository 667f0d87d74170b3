#!/bin/bash
# docker-compose.yml's one-shot `opensearch-init`, in the OpenSearch image itself (its JDK's keytool and the security
# plugin's hash tool; the image has no openssl): what OpenSearch's security plugin needs to run with TLS and one
# user, and nothing that anyone else also has (the image's demo certificates and users are public).
#   $CA_DIR/ca.pem          this installation's CA, which the API and the indexer trust (OPENSEARCH_CA_FILE)
#   $CERTS_DIR/node.p12     the nodes' key and certificate (HTTP and transport TLS), signed by that CA
#   $CERTS_DIR/trust.p12    the CA again, for the nodes to trust one another
#   $SECURITY_DIR/          the plugin's configuration: the image's files, but internal_users.yml has one user,
#                           admin, with the bcrypt hash of OPENSEARCH_PASSWORD (the image's demo users are gone)
# A CA that exists is kept, so what already trusts it still does. The security index is built from these files only
# the first time OpenSearch starts on its data volume: a later change of OPENSEARCH_PASSWORD needs a fresh volume
# (docs/local-stack.md, "With Docker").
set -euo pipefail

home=${OPENSEARCH_HOME:-/usr/share/opensearch}
ca_dir=${CA_DIR:-/ca}
certs_dir=${CERTS_DIR:-$home/config/certs}
security_dir=${SECURITY_DIR:-/security}
owner=${OPENSEARCH_UID:-1000}
export OPENSEARCH_JAVA_HOME=${OPENSEARCH_JAVA_HOME:-$home/jdk}
keytool="$OPENSEARCH_JAVA_HOME/bin/keytool"
# A PKCS12 file holds its key as an unencrypted PEM file would: the volume's permissions protect it, not this.
store_pass=${KEYSTORE_PASSWORD:-opensearch}
# Every name the API, the indexer and the nodes reach a node by, in both topologies.
san="dns:opensearch,dns:opensearch-1,dns:opensearch-2,dns:opensearch-3,dns:localhost,ip:127.0.0.1"

if [ -z "${OPENSEARCH_PASSWORD:-}" ]; then
  echo "opensearch-init: OPENSEARCH_PASSWORD is empty: set it in .env (see .env.example)" >&2
  exit 1
fi
mkdir -p "$ca_dir" "$certs_dir" "$security_dir"
cd "$certs_dir"

if [ ! -s ca.p12 ] || [ ! -s "$ca_dir/ca.pem" ]; then
  echo "opensearch-init: creating this installation's CA"
  rm -f ca.p12 node.p12 trust.p12
  "$keytool" -genkeypair -alias ca -dname "CN=creator-api CA" -ext bc:c -keyalg RSA -keysize 3072 -validity 3650 \
    -keystore ca.p12 -storetype PKCS12 -storepass "$store_pass"
  "$keytool" -exportcert -alias ca -keystore ca.p12 -storepass "$store_pass" -rfc -file "$ca_dir/ca.pem"
fi
if [ ! -s node.p12 ]; then
  echo "opensearch-init: creating the nodes' certificate"
  "$keytool" -genkeypair -alias node -dname "CN=opensearch" -keyalg RSA -keysize 2048 -validity 825 \
    -keystore node.p12 -storetype PKCS12 -storepass "$store_pass"
  "$keytool" -certreq -alias node -keystore node.p12 -storepass "$store_pass" -file node.csr
  "$keytool" -gencert -alias ca -keystore ca.p12 -storepass "$store_pass" -infile node.csr -outfile node.pem -rfc \
    -validity 825 -ext "san=$san" -ext ku:c=digitalSignature,keyEncipherment -ext eku=serverAuth,clientAuth
  # The chain, CA first, replaces the self-signed certificate the key was made with.
  "$keytool" -importcert -alias ca -file "$ca_dir/ca.pem" -keystore node.p12 -storepass "$store_pass" -noprompt
  "$keytool" -importcert -alias node -file node.pem -keystore node.p12 -storepass "$store_pass" -noprompt
  rm -f node.csr node.pem trust.p12
fi
if [ ! -s trust.p12 ]; then
  "$keytool" -importcert -alias ca -file "$ca_dir/ca.pem" -keystore trust.p12 -storetype PKCS12 \
    -storepass "$store_pass" -noprompt
fi

cp "$home"/config/opensearch-security/*.yml "$security_dir/"
hash=$(bash "$home/plugins/opensearch-security/tools/hash.sh" -env OPENSEARCH_PASSWORD | tail -n 1)
cat > "$security_dir/internal_users.yml" <<EOF
---
# Written by scripts/compose/opensearch-security.sh: one user, the one the API and the indexer sign in as.
_meta:
  type: "internalusers"
  config_version: 2
admin:
  hash: "$hash"
  reserved: true
  backend_roles:
  - "admin"
  description: "The API's and the indexer's user (OPENSEARCH_USERNAME=admin)"
EOF

chown -R "$owner:$owner" "$certs_dir" "$security_dir"
chmod 0700 "$certs_dir"
chmod 0600 "$certs_dir"/*.p12 "$security_dir/internal_users.yml"
chmod 0644 "$ca_dir/ca.pem"
echo "opensearch-init: ready"
