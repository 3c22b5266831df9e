/** Whether the user asked the system for less motion (base.css drops the transitions then). */
export const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches
