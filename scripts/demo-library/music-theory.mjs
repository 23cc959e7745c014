export const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
  phrygianDominant: [0, 1, 4, 5, 7, 8, 10],
};

export const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

export function midiToFrequency(midi) {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Degrees count scale steps from the tonic and may be negative or span octaves. */
export function degreeToMidi(scale, tonicMidi, degree) {
  const octave = Math.floor(degree / scale.length);
  const index = degree - octave * scale.length;
  return tonicMidi + 12 * octave + scale[index];
}

/** Stacked diatonic thirds on a root degree: 3 = triad, 4 = seventh chord, 5 = ninth chord. */
export function chordDegrees(rootDegree, size = 3) {
  return Array.from({ length: size }, (_, index) => rootDegree + index * 2);
}

/** Places every chord tone in the octave nearest to `centerMidi`, which keeps voice leading smooth. */
export function voiceChord(midis, centerMidi) {
  return midis
    .map((midi) => {
      let placed = midi;
      while (placed < centerMidi - 6) placed += 12;
      while (placed >= centerMidi + 6) placed -= 12;
      return placed;
    })
    .sort((a, b) => a - b);
}
