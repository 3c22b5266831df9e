/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  interface Options {
    readonly url: string
    readonly headers?: Record<string, string>
    readonly connections?: number
    readonly duration?: number
  }
  interface Result {
    readonly requests: { readonly average: number }
  }
  export default function autocannon(options: Options): Promise<Result>
}
