import { randomInt } from 'node:crypto';

// Plain, common words: Roblox's text filter replaces unusual strings in a bio with ###,
// which would make the sentence impossible to find.
const WORDS = [
  'apple',
  'river',
  'green',
  'happy',
  'tiger',
  'cloud',
  'pizza',
  'rocket',
  'summer',
  'garden',
  'yellow',
  'purple',
  'orange',
  'silver',
  'window',
  'forest',
  'island',
  'castle',
  'dragon',
  'planet',
  'banana',
  'cookie',
  'bright',
  'little',
  'gentle',
  'quiet',
  'sunny',
  'brave',
  'clever',
  'friendly',
  'mountain',
  'ocean',
  'flower',
  'pencil',
  'guitar',
  'rabbit',
  'turtle',
  'panda',
  'monkey',
  'kitten',
  'winter',
  'autumn',
  'spring',
  'morning',
  'evening',
  'candle',
  'button',
  'ladder',
  'basket',
  'bottle',
  'blue',
  'red',
  'fast',
  'slow',
  'warm',
  'cold',
  'soft',
  'tall',
  'small',
  'big',
];

/** Six random common words, e.g. "brave ocean pizza rocket sunny garden". */
export function newVerificationSentence(words = 6): string {
  return Array.from({ length: words }, () => WORDS[randomInt(WORDS.length)]).join(' ');
}

/** Lower case, every run of whitespace one space: line breaks and double spaces in a bio still match. */
export function normaliseText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}
