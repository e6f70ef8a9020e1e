/** Passwords are hashed with argon2id; generated ones avoid look-alike characters so they can be read aloud. */
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id", ...HASH_COST });
}

// OWASP's recommended argon2id settings (19 MiB, 2 passes) in production: a check takes about 35 ms on a
// 2-core server, where Bun's defaults (64 MiB) took 105 ms, and 8 staff signing in at once waited 0.7 s.
// Hashes made with other settings keep verifying: each hash carries its own. `bun test` sets
// NODE_ENV=test: there the suite signs in hundreds of times, and a cheap hash keeps it fast while still
// exercising the same code and algorithm.
const HASH_COST = process.env.NODE_ENV === "test" ? { memoryCost: 1024, timeCost: 1 } : { memoryCost: 19456, timeCost: 2 };

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash);
}

const READABLE_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const GENERATED_LENGTH = 16;

export function generatePassword(): string {
  // Bytes past the last whole multiple of the alphabet size are skipped so every character is equally likely.
  const limit = 256 - (256 % READABLE_ALPHABET.length);
  let password = "";
  while (password.length < GENERATED_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < limit && password.length < GENERATED_LENGTH) password += READABLE_ALPHABET[byte % READABLE_ALPHABET.length];
    }
  }
  return password;
}
