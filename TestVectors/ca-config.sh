# Sourced by make-vectors.sh and make-jws-vectors.sh: the throw-away `openssl ca` / `openssl req` configuration
# both test PKIs are issued with (extension profiles come from inputs/pki-extensions.cnf).
#
#   write_ca_config FILE CA_DIR DIGEST      e.g. write_ca_config "$WORK/ca.cnf" "$WORK/ca" sha256
write_ca_config() {
    cat > "$1" <<EOF_CNF
[ ca ]
default_ca = test_ca

[ test_ca ]
dir             = $2
database        = \$dir/index.txt
new_certs_dir   = \$dir/newcerts
serial          = \$dir/serial
default_md      = $3
policy          = policy_anything
unique_subject  = no
email_in_dn     = no
copy_extensions = none

[ policy_anything ]
countryName            = optional
stateOrProvinceName    = optional
localityName           = optional
organizationName       = optional
organizationalUnitName = optional
commonName             = supplied
emailAddress           = optional

[ req ]
distinguished_name = req_dn
string_mask        = utf8only
prompt             = no

[ req_dn ]
CN = placeholder
EOF_CNF
}
