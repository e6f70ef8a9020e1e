/** Passwords are hashed with argon2id; generated ones avoid look-alike characters so they can be read aloud. */
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id", ...HASH_COST });
}

// One of OWASP's recommended argon2id settings, all equally strong: 7 MiB and 5 passes. The memory is what
// costs on a small virtual server: each check takes it fresh from the system, page by page, so 19 MiB and
// 2 passes took 125 ms a check there, and Bun's default 64 MiB more, against 43 ms for these. Hashes made
// with other settings keep verifying: each hash carries its own. `bun test` sets NODE_ENV=test: there the
// suite signs in hundreds of times, and a cheap hash keeps it fast while still exercising the same code
// and algorithm.
const HASH_COST = process.env.NODE_ENV === "test" ? { memoryCost: 1024, timeCost: 1 } : { memoryCost: 7168, timeCost: 5 };

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
