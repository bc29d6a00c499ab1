/**
 * Per-business secrets at rest: AES-256-GCM with a random 96-bit IV per value and the business id as
 * associated data, so a ciphertext copied to another business's row does not decrypt.
 * Stored form: `v1:<iv>:<tag>:<ciphertext>`, each part base64.
 */
import crypto from 'node:crypto';

export interface SecretBox {
  encrypt(plaintext: string, businessId: string): string;
  /** Throws when the value was not produced by this key for this business. */
  decrypt(stored: string, businessId: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    encrypt(plaintext, businessId) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(businessId, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
    },
    decrypt(stored, businessId) {
      const [version, iv, tag, ciphertext] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unknown secret format');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAAD(Buffer.from(businessId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
