import { chordVoicing, composePhrase, playDrumBar, playPhrase } from '../composition.mjs';
import { songPlan } from '../song-context.mjs';
import {
  electricPiano,
  flute,
  piano,
  pluckedString,
  uprightBass,
  vibraphone,
} from '../melodic-instruments.mjs';

const PROGRESSIONS = {
  major: [
    [1, 4, 0, 0],
    [0, 5, 1, 4],
    [2, 5, 1, 4],
  ],
  dorian: [[0, 0, 3, 3]],
};

const SWING_GROOVE = {
  ride: 'X...x.x.X...x.x.',
  hat: '....x.......x...',
  kick: 'o...o...o...o...',
};
const BOSSA_GROOVE = { rim: 'x..x..x...x..x..', hat: 'o.x.o.x.o.x.o.x.', kick: 'X..xX..xX..xX..x' };

/** Quarter-note walking line: root, two chord or scale tones, then a half step into the next root. */
function walkingBar(context, bar, random) {
  const root = context.midi(context.chordRootAt(bar), -1);
  const nextRoot = context.midi(context.chordRootAt(bar + 1), -1);
  const chord = context.chordTones(bar).map((degree) => context.midi(degree, -1));
  const line = [
    root,
    random.pick([chord[1], chord[2]]),
    random.pick([chord[2], root + 12, chord[1]]),
    nextRoot + random.pick([-1, 1]),
  ];
  line.forEach((midi, beat) => {
    context.note('bass', uprightBass, {
      bar,
      beat,
      beats: 0.95,
      midi: midi < 36 ? midi + 12 : midi,
      velocity: beat === 0 ? 0.9 : 0.75,
    });
  });
}

function bossaBassBar(context, bar) {
  const root = context.midi(context.chordRootAt(bar), -1);
  const fifth = context.midi(context.chordRootAt(bar) + 4, -2);
  for (const [beat, beats, midi] of [
    [0, 1.5, root],
    [1.5, 0.5, fifth],
    [2, 1.5, root],
    [3.5, 0.5, fifth],
  ]) {
    context.note('bass', uprightBass, { bar, beat, beats, midi: midi < 36 ? midi + 12 : midi });
  }
}

export const jazz = {
  kit: 'jazz',
  mix: {
    drums: { level: -19, reverb: 0.2 },
    bass: { level: -17, reverb: 0.05 },
    chords: { level: -21, reverb: 0.3 },
    lead: { level: -18, reverb: 0.35 },
  },

  plan(random, variant) {
    const isBossa = variant === 2;
    const scale = variant === 3 ? 'dorian' : 'major';
    return songPlan(random, {
      bpm: isBossa ? random.int(126, 138) : random.int(112, 150),
      scale,
      progressions: PROGRESSIONS,
      swing: isBossa ? null : { unit: 8, amount: 1 / 3 },
    });
  },

  arrange(context, { random, variant, kit }) {
    const isBossa = variant === 2;
    const chordAt = context.phraseChords(4);
    const cells = [
      ['eighths', 3],
      ['quarter', 1.5],
      ['triplet', isBossa ? 0 : 0.8],
      ['offbeat', 1.2],
      ['syncopated', 1.2],
      ['half', 0.8],
      ['rest', 0.8],
    ];
    const head = composePhrase(random.fork('head'), { chordAt, low: 0, high: 9, cells });
    const solo = composePhrase(random.fork('solo'), { chordAt, low: 2, high: 11, cells });
    const leadVoice = [vibraphone, piano, flute, vibraphone][variant];
    const compVoice = isBossa ? pluckedString : variant === 1 ? electricPiano : piano;
    const walk = random.fork('walk');

    for (let bar = 0; bar < context.totalBars; bar += 1) {
      const { role, barInPhrase, phraseStart } = context.section(bar);
      const voicing = chordVoicing(context, bar, 0, 5, 62).slice(1);
      if (role === 'ending') {
        voicing.forEach((midi) =>
          context.note('chords', compVoice, { bar, beats: 4, midi, velocity: 0.6 }),
        );
        context.note('bass', uprightBass, { bar, beats: 3, midi: context.midi(0, -1) });
        context.hit('drums', kit[isBossa ? 'rim' : 'ride'], { bar, velocity: 0.8 });
        continue;
      }
      const groove = isBossa ? BOSSA_GROOVE : SWING_GROOVE;
      playDrumBar(
        context,
        bar,
        role === 'intro'
          ? { [isBossa ? 'rim' : 'ride']: groove[isBossa ? 'rim' : 'ride'] }
          : groove,
        kit,
        {
          pans: { ride: 0.35, hat: -0.3, rim: -0.2 },
          gain: role === 'break' ? 0.6 : 1,
        },
      );
      if (!isBossa && role !== 'intro' && random.chance(0.6)) {
        context.hit('drums', kit.snare, {
          bar,
          beat: random.pick([1.5, 2.5, 3.5]),
          velocity: 0.35,
          pan: -0.15,
        });
      }

      const comp = isBossa
        ? [
            [0, 0.5],
            [0.75, 0.5],
            [1.5, 1],
            [2.5, 0.5],
            [3.25, 0.75],
          ]
        : random.pick([
            [
              [0, 0.75],
              [1.5, 0.5],
            ],
            [
              [0.5, 1],
              [2.5, 0.75],
            ],
            [
              [0, 1.5],
              [3.5, 0.5],
            ],
          ]);
      for (const [beat, beats] of comp) {
        voicing.forEach((midi, voice) =>
          context.note('chords', compVoice, {
            bar,
            beat: beat + (isBossa ? voice * 0.01 : 0),
            beats,
            midi,
            velocity: 0.55,
            pan: -0.3,
          }),
        );
      }
      if (role !== 'intro' || barInPhrase >= 2) {
        if (isBossa) bossaBassBar(context, bar);
        else walkingBar(context, bar, walk);
      }
      if (barInPhrase === 0 && role !== 'intro') {
        playPhrase(context, role === 'a' ? head : solo, phraseStart, {
          bus: 'lead',
          instrument: leadVoice,
          octave: 1,
          velocity: 0.75,
          pan: 0.25,
          legato: leadVoice === flute ? 1 : 1.2,
        });
      }
    }
  },
};
