import { chordVoicing, composePhrase, playPhrase } from '../composition.mjs';
import { songPlan } from '../song-context.mjs';
import { flute, piano, pluckedString, strings } from '../melodic-instruments.mjs';

const PROGRESSIONS = {
  major: [
    [0, 3, 4, 0],
    [0, 5, 3, 4],
    [0, 4, 5, 3],
  ],
  harmonicMinor: [
    [0, 3, 4, 0],
    [0, 5, 3, 4],
  ],
};

const ARPEGGIO_ORDERS = [
  [0, 1, 2, 3, 2, 1, 0, 1],
  [0, 2, 1, 2, 3, 2, 1, 2],
  [0, 1, 2, 3, 4, 3, 2, 1],
];

export const classical = {
  kit: null,
  mix: {
    arpeggio: { level: -19, reverb: 0.45 },
    strings: { level: -21, reverb: 0.55 },
    bass: { level: -21, reverb: 0.4 },
    lead: { level: -17, reverb: 0.5 },
  },

  plan(random, variant) {
    const scale = variant % 2 === 0 ? 'major' : 'harmonicMinor';
    return songPlan(random, { bpm: random.int(74, 96), scale, progressions: PROGRESSIONS });
  },

  arrange(context, { random, variant }) {
    const chordAt = context.phraseChords();
    const cells = [
      ['quarter', 2.5],
      ['half', 1.5],
      ['dottedQuarter', 1.5],
      ['eighths', 1.5],
      ['dotted', 0.8],
    ];
    const theme = composePhrase(random.fork('theme'), { chordAt, low: 0, high: 9, cells });
    const development = composePhrase(random.fork('development'), {
      chordAt,
      low: 2,
      high: 11,
      cells,
    });
    const arpeggioVoice = variant % 2 === 0 ? piano : pluckedString;
    const leadVoice = variant === 1 ? flute : strings;
    const order = ARPEGGIO_ORDERS[variant % ARPEGGIO_ORDERS.length];

    for (let bar = 0; bar < context.totalBars; bar += 1) {
      const { role, barInPhrase, phraseStart } = context.section(bar);
      const tones = chordVoicing(context, bar, 0, 3, 55);
      const ladder = [...tones, tones[0] + 12, tones[1] + 12];
      const rootMidi = context.midi(context.chordRootAt(bar), -1);
      if (role === 'ending') {
        ladder.forEach((midi, step) =>
          context.note('arpeggio', arpeggioVoice, {
            bar,
            beat: step * 0.12,
            beats: 4,
            midi,
            velocity: 0.7,
            tone: { brightness: 0.5 },
          }),
        );
        context.note('bass', strings, {
          bar,
          beats: 4,
          midi: rootMidi,
          velocity: 0.8,
          tone: { cutoff: 1200 },
        });
        continue;
      }
      order.forEach((step, index) =>
        context.note('arpeggio', arpeggioVoice, {
          bar,
          beat: index * 0.5,
          beats: 0.9,
          midi: ladder[step],
          velocity: index % 4 === 0 ? 0.8 : 0.6,
          pan: -0.2,
          tone: { brightness: 0.5 },
        }),
      );
      if (role !== 'intro') {
        context.note('bass', strings, {
          bar,
          beats: 4,
          midi: rootMidi,
          velocity: 0.8,
          pan: 0.3,
          tone: { cutoff: 1200, attack: 0.15 },
        });
        tones.forEach((midi) =>
          context.note('strings', strings, {
            bar,
            beats: 4,
            midi: midi + 12,
            velocity: role === 'break' ? 0.5 : 0.7,
            pan: 0.15,
            tone: { attack: 0.5 },
          }),
        );
      }
      if (barInPhrase === 0 && role !== 'intro') {
        playPhrase(context, role === 'b' ? development : theme, phraseStart, {
          bus: 'lead',
          instrument: leadVoice,
          octave: 1,
          velocity: 0.8,
          pan: 0.05,
          tone: leadVoice === strings ? { attack: 0.08, cutoff: 4200 } : {},
        });
      }
    }
  },
};
