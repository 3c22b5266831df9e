/**
 * Right-to-left text for pdfkit, which draws each string left to right as fontkit shapes it. fontkit joins Arabic
 * letters and reverses a run whose script is right to left, but knows nothing of the Unicode bidirectional algorithm:
 * given a whole line it would reverse the digits and Latin words inside an Arabic sentence too. So a paragraph is
 * wrapped here in logical order, each line's characters are put in visual order by bidi-js (UAX #9), and the line is
 * drawn as runs of one embedding level, left to right: a right-to-left run holding Arabic or Hebrew letters goes to
 * fontkit in logical order (it shapes and reverses it), any other right-to-left run (neutrals between) is reversed
 * here, a left-to-right run goes as it is; brackets in right-to-left runs are mirrored. A right-to-left paragraph is
 * aligned to the right. pdfkit must lay each run out whole (its `features` option): by default it lays a string out
 * word by word, which would put an Arabic sentence's words in left-to-right order.
 */
import bidiFactory from "bidi-js"

const bidi = bidiFactory()

/** Letters of a right-to-left script fontkit reverses itself (Hebrew, Arabic, Syriac, Thaana, NKo and their forms). */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/

export interface Run {
  readonly text: string
}

export interface Line {
  readonly rtl: boolean
  /** Runs in visual order, left to right, each as fontkit must be given it. */
  readonly runs: readonly Run[]
}

/** `line` (characters `start`..`end` of `text`, inclusive) as runs in visual order. */
const visualRuns = (text: string, levels: ReturnType<typeof bidi.getEmbeddingLevels>, start: number, end: number): Run[] => {
  // The whole text's indices, with the line's part reordered.
  const order = bidi.getReorderedIndices(text, levels, start, end).slice(start, end + 1)
  // Brackets and the like inside right-to-left text take their mirrored form (UAX #9 L4); fontkit does not.
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels, start, end)
  const charAt = (k: number) => mirrored.get(k) ?? text[k]
  const runs: Run[] = []
  let i = 0
  while (i < order.length) {
    const level = levels.levels[order[i]]
    let j = i
    while (j + 1 < order.length && levels.levels[order[j + 1]] === level) j++
    const indices = order.slice(i, j + 1)
    if (level % 2 === 0) runs.push({ text: indices.map(charAt).join("") })
    else {
      // Visual order is the logical order reversed: take the logical text back, whole code points.
      const logical = indices.slice().reverse().map(charAt).join("")
      runs.push({ text: RTL_LETTER.test(logical) ? logical : Array.from(logical).reverse().join("") })
    }
    i = j + 1
  }
  return runs
}

/** Cuts a word longer than `width` into pieces that fit (at least one character each), as [start, end) offsets. */
const cutWord = (text: string, start: number, end: number, width: number, measure: (s: string) => number): [number, number][] => {
  const pieces: [number, number][] = []
  let from = start
  while (from < end) {
    let to = from + 1
    while (to < end && measure(text.slice(from, to + 1)) <= width) to++
    pieces.push([from, to])
    from = to
  }
  return pieces
}

/**
 * Wraps one paragraph (no line breaks inside) to `width` as `measure` counts it, at spaces, or inside a word longer
 * than a line; answers its lines ready to draw. Each word is measured once (shaping never crosses a space).
 */
export const layoutParagraph = (text: string, width: number, measure: (s: string) => number): Line[] => {
  if (text.trim() === "") return [{ rtl: false, runs: [] }]
  const levels = bidi.getEmbeddingLevels(text, "auto")
  const rtl = (levels.paragraphs[0]?.level ?? 0) % 2 === 1
  const space = measure(" ")
  const words: { start: number; end: number; width: number }[] = []
  let at = 0
  for (const word of text.split(" ")) {
    if (word) {
      const w = measure(word)
      if (w <= width) words.push({ start: at, end: at + word.length, width: w })
      else
        for (const [s, e] of cutWord(text, at, at + word.length, width, measure))
          words.push({ start: s, end: e, width: measure(text.slice(s, e)) })
    }
    at += word.length + 1
  }
  const lines: Line[] = []
  let i = 0
  while (i < words.length) {
    let used = words[i].width
    let j = i + 1
    while (j < words.length && used + (words[j].start - words[j - 1].end) * space + words[j].width <= width) {
      used += (words[j].start - words[j - 1].end) * space + words[j].width
      j++
    }
    lines.push({ rtl, runs: visualRuns(text, levels, words[i].start, words[j - 1].end - 1) })
    i = j
  }
  return lines
}
