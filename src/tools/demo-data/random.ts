/**
 * A seeded pseudo-random source (mulberry32): the same seed always yields the same sequence,
 * which is what makes the generated sample files byte-identical from run to run.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let mixed = this.state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number from min to max, both included. */
  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(choices: readonly T[]): T {
    const choice = choices[Math.floor(this.next() * choices.length)];
    if (choice === undefined) throw new Error("cannot pick from an empty list");
    return choice;
  }

  /** An independent source for one part of the data, so that changing one part does not reshuffle the others. */
  derive(stream: number): SeededRandom {
    return new SeededRandom(Math.imul(this.state ^ stream, 0x9e3779b1) ^ stream);
  }
}

/** Choices picked with probability proportional to their weight; built once, picked from many times. */
export class WeightedChoice<T> {
  private readonly choices: T[];
  private readonly cumulativeWeights: number[];

  constructor(weightedChoices: readonly (readonly [T, number])[]) {
    this.choices = weightedChoices.map(([choice]) => choice);
    let total = 0;
    this.cumulativeWeights = weightedChoices.map(([, weight]) => (total += weight));
    if (!(total > 0)) throw new Error("weighted choices need a positive total weight");
  }

  static fromRecord<K extends string>(weights: Readonly<Record<K, number>>): WeightedChoice<K> {
    return new WeightedChoice(Object.entries(weights) as [K, number][]);
  }

  pick(random: SeededRandom): T {
    const target = random.next() * this.cumulativeWeights[this.cumulativeWeights.length - 1]!;
    let index = 0;
    while (this.cumulativeWeights[index]! <= target) index++;
    return this.choices[index]!;
  }
}
