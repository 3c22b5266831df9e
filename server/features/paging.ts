/** Page and limit from a request (numbers, or text on GET calls); pages count from 1, 0 is read as the first page. */
export const pageOf = (input: { page?: number | string; limit?: number | string }, defaultLimit = 10, maxLimit = 1000) => {
  const page = Math.max(1, Number(input.page ?? 1) || 1)
  const limit = Math.min(maxLimit, Math.max(1, Number(input.limit ?? defaultLimit) || defaultLimit))
  return { page, limit, offset: (page - 1) * limit }
}
