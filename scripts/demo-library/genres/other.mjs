// "Other": world and ambient colours, kalimba and hand drums over a drone.
import { chordVoicing, composePhrase, playDrumBar, playPhrase } from '../composition.mjs';
import { songPlan } from '../song-context.mjs';
import { flute, mallet, pad, pluckedString, uprightBass } from '../melodic-instruments.mjs';

const PROGRESSIONS = {
  major: [
    [0, 3, 0, 4],
    [0, 5, 3, 0],
  ],
  phrygianDominant: [
    [0, 1, 0, 6],
    [0, 0, 1, 0],
  ],
  dorian: [[0, 3, 0, 3]],
};

const RHYTHMS = [
  { lowDrum: 'X.....x...X.....', midDrum: '....x..x....x.x.', shaker: 'x.xxx.xxx.xxx.xx' },
  { lowDrum: 'X..x..X...X..x..', highDrum: '..o...o...o..o..', rim: 'x.....x.....x...' },
  { lowDrum: 'X.......x.x.....', midDrum: '...x......x..x..', shaker: 'x.x.x.x.x.x.x.x.' },
];

/** Pentatonic colour: the major scale without its fourth and seventh. */
const PENTATONIC_AVOID = [3, 6];

export const other = {
  kit: 'hand',
  mix: {
    drums: { level: -16, reverb: 0.2 },
    bass: { level: -19 },
    drone: { level: -23, reverb: 0.6 },
    chords: { level: -20, reverb: 0.35, delay: 0.25 },
    lead: { level: -18, reverb: 0.45, delay: 0.15 },
  },

  plan(random, variant) {
    const scale = ['major', 'phrygianDominant', 'dorian', 'major'][variant];
    return songPlan(random, {
      bpm: random.int(84, 108),
      scale,
      progressions: PROGRESSIONS,
      swing: variant === 3 ? { unit: 16, amount: 0.15 } : null,
    });
  },

  arrange(context, { random, variant, kit }) {
    const chordAt = context.phraseChords();
    const cells = [
      ['eighths', 2],
      ['quarter', 2],
      ['dotted', 1],
      ['half', 1],
      ['sixteenths', 0.6],
      ['rest', 0.6],
    ];
    const avoid = variant === 0 || variant === 3 ? PENTATONIC_AVOID : [];
    const song = composePhrase(random.fork('song'), { chordAt, low: 0, high: 9, cells, avoid });
    const refrain = composePhrase(random.fork('refrain'), {
      chordAt,
      low: 2,
      high: 10,
      cells,
      avoid,
    });
    const rhythm = RHYTHMS[variant % RHYTHMS.length];
    const leadVoice = [flute, pluckedString, mallet, flute][variant];
    const kalimbaPattern = random.pick([
      [0, 2, 1, 3, 2, 4, 1, 3],
      [0, 1, 3, 2, 4, 2, 3, 1],
    ]);

    for (let bar = 0; bar < context.totalBars; bar += 1) {
      const { role, barInPhrase, phraseStart } = context.section(bar);
      const voicing = chordVoicing(context, bar, 0, 3, 62);
      const tonic = context.midi(0, -1);
      if (barInPhrase === 0 || role === 'ending' || bar === 0) {
        const beats = role === 'ending' ? 4 : role === 'intro' ? context.form.introBars * 4 : 16;
        if (role !== 'intro' || bar === 0) {
          for (const midi of [tonic, tonic + 7, tonic + 12])
            context.note('drone', pad, {
              bar,
              beats,
              midi,
              velocity: 0.6,
              tone: { cutoff: 900, attack: 1.5 },
            });
        }
      }
      if (role === 'ending') {
        voicing.forEach((midi, step) =>
          context.note('chords', mallet, { bar, beat: step * 0.25, beats: 3, midi: midi + 12 }),
        );
        context.hit('drums', kit.lowDrum, { bar });
        continue;
      }
      if (role !== 'intro' || barInPhrase >= 1) {
        playDrumBar(
          context,
          bar,
          role === 'break' ? { shaker: rhythm.shaker ?? 'x.x.x.x.x.x.x.x.' } : rhythm,
          kit,
          {
            pans: { shaker: 0.4, highDrum: -0.35, midDrum: 0.2, rim: -0.2 },
          },
        );
      }
      const ladder = [...voicing, voicing[0] + 12, voicing[1] + 12];
      kalimbaPattern.forEach((step, index) =>
        context.note('chords', mallet, {
          bar,
          beat: index * 0.5,
          beats: 0.5,
          midi: ladder[step] + 12,
          velocity: index % 2 === 0 ? 0.75 : 0.55,
          pan: index % 2 === 0 ? -0.3 : 0.3,
          tone: { overtone: 5.9, decay: 3.5 },
        }),
      );
      if (role !== 'intro') {
        const root = context.midi(context.chordRootAt(bar), -1);
        for (const [beat, beats] of [
          [0, 1.5],
          [2.5, 1.5],
        ]) {
          context.note('bass', uprightBass, {
            bar,
            beat,
            beats,
            midi: root < 36 ? root + 12 : root,
          });
        }
      }
      if (barInPhrase === 0 && role !== 'intro') {
        playPhrase(context, role === 'b' ? refrain : song, phraseStart, {
          bus: 'lead',
          instrument: leadVoice,
          octave: 1,
          velocity: 0.8,
          pan: -0.05,
          tone: leadVoice === pluckedString ? { brightness: 0.8, sustain: 0.997 } : {},
        });
      }
    }
  },
};
