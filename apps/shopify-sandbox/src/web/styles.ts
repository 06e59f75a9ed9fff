/** The look shared by the sandbox's server-rendered pages (Polaris-like, no assets to load). */
export const CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f1f1f1;color:#303030}
main{max-width:1100px;margin:0 auto;padding:32px 20px}
header h1{margin:0 0 4px;font-size:22px}
header p,.muted{color:#616161;margin:0}
.notice{background:#cdfee1;border:1px solid #29845a;border-radius:8px;padding:10px 14px;margin:16px 0 0}
.shops{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(420px,100%),1fr));gap:20px;margin-top:20px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 0 rgba(0,0,0,.07),0 1px 3px rgba(0,0,0,.12);padding:20px}
.card-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-start;gap:12px}
h2{margin:0;font-size:17px}
h3{font-size:13px;margin:20px 0 6px;text-transform:uppercase;letter-spacing:.04em;color:#616161}
dl{display:grid;grid-template-columns:120px 1fr;gap:6px 12px;margin:16px 0 0}
dt{color:#616161}dd{margin:0;word-break:break-all}
.row,.danger-zone{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:12px;padding:8px 0;border-top:1px solid #ebebeb}
.danger-zone{margin-top:20px;padding-top:14px;border-top:1px solid #e0e0e0;color:#616161}
button,.button{font:inherit;font-weight:600;border:1px solid #c9c9c9;background:#fff;border-radius:8px;padding:6px 12px;cursor:pointer;color:#303030;text-decoration:none;white-space:nowrap}
button:hover,.button:hover{background:#f7f7f7}
.primary{background:#303030;color:#fff;border-color:#303030}.primary:hover{background:#1a1a1a}
.danger{background:#c70a24;color:#fff;border-color:#c70a24}.danger:hover{background:#a30a1f}
.badge{display:inline-block;border-radius:999px;padding:1px 8px;font-size:12px;font-weight:600}
.badge.on{background:#cdfee1;color:#0c5132}.badge.off{background:#ebebeb;color:#4a4a4a}
code{font-size:13px}
a{color:#005bd3}
select{font:inherit;border:1px solid #c9c9c9;border-radius:8px;padding:5px 8px;background:#fff;max-width:100%}
table{width:100%;border-collapse:collapse;font-size:13px}
th,td{text-align:left;padding:5px 6px;border-top:1px solid #ebebeb;vertical-align:top}
th{color:#616161;font-weight:600}
.stack{display:grid;gap:8px;padding:8px 0;border-top:1px solid #ebebeb}
.stack label{display:grid;grid-template-columns:120px 1fr;align-items:center;gap:12px}
.badge.warn{background:#ffeb78;color:#4f4700}
.narrow{max-width:560px}
.actions{display:flex;gap:10px;justify-content:flex-end;margin-top:20px}
.price{font-size:22px;font-weight:650;margin:4px 0}
#discount-codes{margin-top:20px}
.inline{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.field{font:inherit;border:1px solid #c9c9c9;border-radius:8px;padding:5px 8px;background:#fff;width:12em;max-width:100%}
`;
