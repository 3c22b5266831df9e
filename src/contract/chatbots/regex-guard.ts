/**
 * Keyword regexes are the tenant's text run against every customer message, so a pattern that can backtrack
 * catastrophically (`(a+)+$`) would stall the message pipeline. A pattern is accepted only when it is short, compiles,
 * has no back-reference or look-around and no quantified group that itself holds a quantifier (star height ≤ 1, the
 * shape every exponential-backtracking pattern has); the text it runs against is capped too.
 */
export const REGEX_MAX = 100
/** Only the message's first characters are matched against regexes. */
export const REGEX_TEXT_MAX = 500

export type RegexProblem = "too_long" | "invalid" | "backreference" | "nested_quantifier"

const QUANTIFIER = /^(?:[*+?]|\{\d+(?:,\d*)?\})/

/** Why `pattern` is refused, or null when it is safe to run. */
export const regexProblem = (pattern: string): RegexProblem | null => {
  if (pattern.length > REGEX_MAX) return "too_long"
  try {
    new RegExp(pattern, "iu")
  } catch {
    return "invalid"
  }
  if (/\\[1-9]|\\k<|\(\?<?[=!]/.test(pattern)) return "backreference"
  // Walk the groups: a group closed and then quantified must not hold a quantifier of its own.
  const stack: boolean[] = []
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === "\\") {
      i++
      if (stack.length && QUANTIFIER.test(pattern.slice(i + 1))) stack[stack.length - 1] = true
      continue
    }
    if (inClass) {
      if (c === "]") {
        inClass = false
        if (stack.length && QUANTIFIER.test(pattern.slice(i + 1))) stack[stack.length - 1] = true
      }
      continue
    }
    if (c === "[") inClass = true
    else if (c === "(") stack.push(false)
    else if (c === ")") {
      const inner = stack.pop() ?? false
      const quantified = QUANTIFIER.test(pattern.slice(i + 1))
      if (inner && quantified) return "nested_quantifier"
      if (stack.length && (inner || quantified)) stack[stack.length - 1] = true
    } else if (stack.length && QUANTIFIER.test(pattern.slice(i + 1)) && c !== "|") stack[stack.length - 1] = true
  }
  return null
}

/** `pattern` against `text` (case-insensitive), false for a refused pattern. */
export const regexMatches = (pattern: string, text: string): boolean =>
  regexProblem(pattern) === null && new RegExp(pattern, "iu").test(text.slice(0, REGEX_TEXT_MAX))
