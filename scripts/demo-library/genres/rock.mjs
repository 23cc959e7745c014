import { composePhrase, playDrumBar, playPhrase } from '../composition.mjs';
import { songPlan } from '../song-context.mjs';
import { powerChord, synthBass, synthLead } from '../melodic-instruments.mjs';

const PROGRESSIONS = {
  minor: [
    [0, 5, 6, 0],
    [0, 6, 5, 6],
    [0, 3, 5, 6],
  ],
  mixolydian: [[0, 6, 3, 0]],
  dorian: [[0, 3, 0, 6]],
};

const GROOVES = {
  intro: { kick: 'X.......X.......', hat: 'x.x.x.x.x.x.x.x.' },
  a: { kick: 'X.......X.X.....', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
  b: { kick: 'X.X.....X.X.....', snare: '....X.......X...', openHat: 'x.x.x.x.x.x.x.x.' },
  break: { kick: 'X...............', hat: 'x...x...x...x...' },
  ending: { kick: 'X...............', crash: 'X...............' },
};

const FILL = { snare: '........XxXxXXXX', tom: '............x.x.' };

/** Two guitars, panned apart, each playing the same part; slight differences make it wide. */
function guitarPair(context, bar, beat, beats, midi, palmMuted, velocity) {
  for (const pan of [-0.7, 0.7]) {
    context.note('guitars', powerChord, {
      bar,
      beat,
      beats,
      midi,
      velocity,
      pan,
      tone: { palmMuted },
    });
  }
}

export const rock = {
  kit: 'acoustic',
  mix: {
    drums: { level: -14, reverb: 0.15 },
    bass: { level: -18 },
    guitars: { level: -17, reverb: 0.1 },
    lead: { level: -18, reverb: 0.25, delay: 0.2 },
  },

  plan(random, variant) {
    const scale = ['minor', 'mixolydian', 'minor', 'dorian'][variant];
    return songPlan(random, { bpm: random.int(120, 148), scale, progressions: PROGRESSIONS });
  },

  arrange(context, { random, kit }) {
    const chordAt = context.phraseChords();
    const cells = [
      ['quarter', 2],
      ['half', 1.5],
      ['eighths', 2],
      ['dottedQuarter', 1.2],
      ['rest', 0.5],
    ];
    const riff = composePhrase(random.fork('lead'), { chordAt, low: 0, high: 9, cells });
    const hook = composePhrase(random.fork('hook'), { chordAt, low: 3, high: 11, cells });

    for (let bar = 0; bar < context.totalBars; bar += 1) {
      const { role, barInPhrase, phraseStart } = context.section(bar);
      const isFillBar = barInPhrase === 3 && role !== 'intro' && role !== 'break';
      playDrumBar(context, bar, GROOVES[role], kit, { pans: { hat: 0.35, openHat: 0.35 } });
      if (isFillBar) playDrumBar(context, bar, FILL, kit, { pans: { tom: -0.3 } });
      if ((role === 'b' || role === 'a') && barInPhrase === 0) {
        context.hit('drums', kit.crash, { bar, velocity: 0.7, pan: -0.4 });
      }

      const root = context.midi(context.chordRootAt(bar), -1);
      const guitarRoot = root < 40 ? root + 12 : root;
      if (role === 'ending') {
        guitarPair(context, bar, 0, 4, guitarRoot, false, 0.9);
        context.note('bass', synthBass, {
          bar,
          beats: 3,
          midi: guitarRoot - 12,
          tone: { cutoff: 500 },
        });
        continue;
      }
      if (role === 'b') {
        guitarPair(context, bar, 0, 1.5, guitarRoot, false, 0.95);
        guitarPair(context, bar, 1.5, 2.5, guitarRoot, false, 0.85);
      } else {
        const hits = role === 'break' ? [0] : [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5];
        for (const beat of hits)
          guitarPair(
            context,
            bar,
            beat,
            role === 'break' ? 4 : 0.45,
            guitarRoot,
            role !== 'break',
            0.9,
          );
      }
      if (role !== 'intro' || barInPhrase >= 2) {
        for (let beat = 0; beat < 4; beat += 0.5) {
          context.note('bass', synthBass, {
            bar,
            beat,
            beats: 0.45,
            midi: guitarRoot - 12,
            tone: { cutoff: 450, resonance: 1 },
          });
        }
      }
      if (barInPhrase === 0 && (role === 'b' || role === 'break')) {
        playPhrase(context, role === 'b' ? hook : riff, phraseStart, {
          bus: 'lead',
          instrument: synthLead,
          octave: 1,
          velocity: 0.85,
          pan: 0.05,
          tone: { cutoff: 2400, pulseWidth: 0.2 },
        });
      }
    }
  },
};
