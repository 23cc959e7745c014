import { chordVoicing, composePhrase, playDrumBar, playPhrase } from '../composition.mjs';
import { songPlan } from '../song-context.mjs';
import { electricPiano, flute, mallet, subBass, vibraphone } from '../melodic-instruments.mjs';

const PROGRESSIONS = {
  minor: [
    [0, 0, 3, 3],
    [0, 5, 3, 4],
    [5, 4, 0, 0],
  ],
  dorian: [
    [0, 3, 0, 3],
    [0, 6, 3, 4],
  ],
};

const BEATS = [
  { kick: 'X.........X.....', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.xo' },
  { kick: 'X......X..X.....', snare: '....X.......X...', hat: 'x.xox.x.x.xox.x.' },
  {
    kick: 'X..X......X..x..',
    snare: '....X.......X...',
    hat: 'x.x.x.x.x.x.x.x.',
    rim: '..........o.....',
  },
  { kick: 'X.....X...X.....', snare: '....X.....o.X...', hat: 'x.x.x.xox.x.x.x.' },
];

const BASS_RHYTHMS = [
  [
    [0, 1.5],
    [2.5, 1],
  ],
  [
    [0, 1.75],
    [1.75, 0.5],
    [2.5, 1.25],
  ],
];

export const hipHop = {
  kit: 'boomBap',
  mix: {
    drums: { level: -13.5, reverb: 0.06 },
    bass: { level: -17 },
    chords: { level: -21, reverb: 0.25 },
    lead: { level: -21, reverb: 0.35, delay: 0.2 },
  },

  plan(random, variant) {
    const scale = variant % 2 === 0 ? 'minor' : 'dorian';
    return {
      ...songPlan(random, { bpm: random.int(82, 94), scale, progressions: PROGRESSIONS }),
      swing: { unit: 16, amount: random.range(0.18, 0.32) },
    };
  },

  arrange(context, { random, variant, kit }) {
    const chordAt = context.phraseChords(4);
    const cells = [
      ['quarter', 1.5],
      ['half', 1.5],
      ['dotted', 1],
      ['rest', 1.5],
      ['eighths', 1],
      ['offbeat', 1],
    ];
    const hook = composePhrase(random.fork('hook'), { chordAt, low: 0, high: 7, cells });
    const answer = composePhrase(random.fork('answer'), { chordAt, low: 2, high: 9, cells });
    const beat = BEATS[variant];
    const bassRhythm = BASS_RHYTHMS[variant % 2];
    const leadVoice = [flute, vibraphone, mallet, flute][variant];

    for (let bar = 0; bar < context.totalBars; bar += 1) {
      const { role, barInPhrase, phraseStart } = context.section(bar);
      const root = context.midi(context.chordRootAt(bar), -1);
      const voicing = chordVoicing(context, bar, 0, 4, 60);
      if (role === 'ending') {
        voicing.forEach((midi) =>
          context.note('chords', electricPiano, { bar, beats: 4, midi, velocity: 0.6 }),
        );
        context.note('bass', subBass, { bar, beats: 2, midi: root });
        context.hit('drums', kit.kick, { bar });
        continue;
      }
      if (role === 'intro') {
        playDrumBar(context, bar, { hat: beat.hat, rim: 'o...o...o...o...' }, kit, {
          pans: { hat: 0.3 },
        });
      } else if (role === 'break') {
        playDrumBar(context, bar, { kick: 'X...............', hat: beat.hat }, kit, {
          pans: { hat: 0.3 },
        });
      } else {
        playDrumBar(context, bar, beat, kit, { pans: { hat: 0.3, rim: -0.2 } });
        if (role === 'b')
          playDrumBar(context, bar, { shaker: 'x.x.x.x.x.x.x.x.' }, kit, {
            pans: { shaker: -0.5 },
            gain: 0.5,
          });
      }
      for (const [start, beats] of [
        [0, 2.5],
        [2.5, 1.25],
      ]) {
        voicing.forEach((midi) =>
          context.note('chords', electricPiano, {
            bar,
            beat: start,
            beats,
            midi,
            velocity: start === 0 ? 0.7 : 0.5,
            pan: -0.2,
          }),
        );
      }
      if (role !== 'intro' && role !== 'break') {
        for (const [start, beats] of bassRhythm)
          context.note('bass', subBass, { bar, beat: start, beats, midi: root });
      }
      if (barInPhrase === 0 && role !== 'intro') {
        playPhrase(context, role === 'b' ? answer : hook, phraseStart, {
          bus: 'lead',
          instrument: leadVoice,
          octave: 1,
          velocity: 0.75,
          pan: 0.25,
          tone: leadVoice === mallet ? { overtone: 4, decay: 2.5 } : {},
        });
      }
    }
  },
};
