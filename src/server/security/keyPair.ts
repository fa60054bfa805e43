// The RSA key pair of the password transport (docs/product-rules.md). Where it comes from — config or
// PostgreSQL, shared by every worker and instance — is transportKeyring.ts (issue 18 §3).
export interface TransportKeyPair {
  keyId: string;
  publicKeyPem: string;
  privateKeyPem: string;
}
