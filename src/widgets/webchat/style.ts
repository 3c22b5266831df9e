/** The widget's styles, inside its shadow root: the host page's CSS does not reach in, and ours does not leak out. */
export const widgetCss = (color: string, textColor: string, side: "right" | "left") => `
:host { all: initial; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif; }
.root { position: fixed; bottom: 20px; ${side}: 20px; z-index: 2147483000; font-size: 14px; color: #1c2127; }
.launcher { width: 56px; height: 56px; border-radius: 50%; border: 0; cursor: pointer; background: ${color}; color: ${textColor};
  box-shadow: 0 4px 14px rgba(0,0,0,.25); display: flex; align-items: center; justify-content: center; margin-${side === "right" ? "left" : "right"}: auto; }
.launcher svg { width: 28px; height: 28px; fill: currentColor; }
.window { width: 340px; max-width: calc(100vw - 40px); height: 480px; max-height: calc(100vh - 110px); background: #fff; border-radius: 12px;
  box-shadow: 0 8px 30px rgba(0,0,0,.25); display: flex; flex-direction: column; overflow: hidden; margin-bottom: 12px; }
.head { background: ${color}; color: ${textColor}; padding: 14px 16px; display: flex; align-items: center; gap: 8px; }
.head h2 { font-size: 16px; margin: 0; flex: 1; font-weight: 600; }
.head button { background: transparent; border: 0; color: inherit; font-size: 20px; cursor: pointer; line-height: 1; }
.body { flex: 1; overflow-y: auto; padding: 12px; background: #f6f7f9; display: flex; flex-direction: column; gap: 6px; }
.form .greeting { background: #f6f7f9; }
.greeting { background: #fff; border-radius: 10px; padding: 10px 12px; color: #404854; }
.msg { max-width: 80%; padding: 8px 12px; border-radius: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.msg.visitor { align-self: flex-end; background: ${color}; color: ${textColor}; }
.msg.agent { align-self: flex-start; background: #fff; border: 1px solid #e5e8eb; }
.msg a { color: inherit; text-decoration: underline; }
.meta { font-size: 11px; color: #738091; align-self: flex-end; }
.typing { font-size: 12px; color: #738091; font-style: italic; padding: 0 12px 6px; min-height: 18px; background: #f6f7f9; }
.queue { font-size: 13px; padding: 8px 12px; background: #fef6e7; color: #5c4405; border-bottom: 1px solid #fbd065; }
.error { color: #ac2f33; font-size: 12px; padding: 4px 12px; }
.composer { display: flex; gap: 6px; padding: 8px; border-top: 1px solid #e5e8eb; align-items: flex-end; }
.composer textarea { flex: 1; resize: none; border: 1px solid #c5cbd3; border-radius: 8px; padding: 8px; font-size: 14px; height: 40px; }
.composer button, .form button { border: 0; border-radius: 8px; padding: 0 12px; height: 40px; cursor: pointer; background: ${color}; color: ${textColor}; font-weight: 600; }
.composer .attach { background: #e5e8eb; color: #1c2127; font-size: 18px; padding: 0 10px; }
.form { padding: 16px; display: flex; flex-direction: column; gap: 10px; }
.form label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; color: #404854; }
.form input { border: 1px solid #c5cbd3; border-radius: 8px; padding: 8px; font-size: 14px; }
[hidden] { display: none !important; }
`
