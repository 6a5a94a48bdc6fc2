"""A corpus of XSS payloads in model answers (issue 6, item 4), several payloads per answer: the
browser test streams the answers into real Chromium, the server-side test renders them."""

from __future__ import annotations

from collections.abc import Iterator

# base64 of <script>parent.__pwned("data-b64")</script>
B64_DATA_HTML = "PHNjcmlwdD5wYXJlbnQuX19wd25lZCgnZGF0YS1iNjQnKTwvc2NyaXB0Pg=="

# (id, payload); ids are unique so a fired trap names the payload that got through
PAYLOADS: list[tuple[str, str]] = [
    ("script", "<script>__pwned('script')</script>"),
    ("script-src", "<script src=\"data:text/javascript,__pwned('script-src')\"></script>"),
    ("img-onerror", "<img src=x onerror=\"__pwned('img-onerror')\">"),
    ("img-onerror-unquoted", "<img src=x onerror=__pwned('img-onerror-unquoted')>"),
    ("svg-onload", "<svg onload=\"__pwned('svg-onload')\"><circle r=3></circle></svg>"),
    ("svg-script", "<svg><script>__pwned('svg-script')</script></svg>"),
    ("svg-anim", "<svg><animate onbegin=\"__pwned('svg-anim')\" attributeName=x dur=1s></animate></svg>"),
    ("iframe-js", "<iframe src=\"javascript:parent.__pwned('iframe-js')\"></iframe>"),
    ("iframe-srcdoc", "<iframe srcdoc=\"<script>parent.__pwned('iframe-srcdoc')</script>\"></iframe>"),
    ("md-js", "[x-md-js](javascript:__pwned('md-js'))"),
    ("md-js-case", "[x-md-js-case](JaVaScRiPt:__pwned('md-js-case'))"),
    ("md-js-entity", "[x-md-js-entity](&#106;avascript:__pwned('md-js-entity'))"),
    ("md-js-angle", "[x-md-js-angle](<javascript:__pwned('md-js-angle')>)"),
    ("md-js-space", "[x-md-js-space](  javascript:__pwned('md-js-space'))"),
    ("md-js-ref", "[x-md-js-ref][r1]\n\n[r1]: javascript:__pwned('md-js-ref')"),
    ("a-hex-entity", "<a href=\"&#x6A;avascript:__pwned('a-hex-entity')\">x-a-hex-entity</a>"),
    ("a-colon-entity", "<a href=\"javascript&colon;__pwned('a-colon-entity')\">x-a-colon-entity</a>"),
    ("a-tab", "<a href=\"java&#9;script:__pwned('a-tab')\">x-a-tab</a>"),
    ("a-lead-space", "<a href=\" javascript:__pwned('a-lead-space')\">x-a-lead-space</a>"),
    ("md-data", f"[x-md-data](data:text/html;base64,{B64_DATA_HTML})"),
    ("a-data", "<a href=\"data:text/html,<script>parent.__pwned('a-data')</script>\">x-a-data</a>"),
    ("md-vbscript", "[x-md-vbscript](vbscript:msgbox(1))"),
    ("md-img-js", "![x-md-img-js](javascript:__pwned('md-img-js'))"),
    ("md-img-quote", "![x](x\" onerror=\"__pwned('md-img-quote'))"),
    ("vance-dotdot", "[x-vance-dotdot](vance:/wizards/../../x)"),
    ("vance-js", "[x-vance-js](vance:javascript:__pwned('vance-js'))"),
    ("vance-hash-js", "[x-vance-hash-js](#vance:javascript:__pwned('vance-hash-js'))"),
    ("vance-quote", "[x-vance-quote](vance:/wizards/essay\" onclick=\"__pwned('vance-quote'))"),
    ("vance-query-quote", "[x-vance-query-quote](vance:/wizards/essay-mit-recipe?kind=wizard&recipe='><img "
                          "src=x onerror=__pwned('vance-query-quote')>)"),
    ("a-vance-onclick", "<a href=\"vance:/wizards/essay-mit-recipe?kind=wizard\" "
                        "onclick=\"__pwned('a-vance-onclick')\">x-a-vance-onclick</a>"),
    ("a-onclick", "<a href=\"#\" onclick=\"__pwned('a-onclick')\">x-a-onclick</a>"),
    ("a-onmouseover", "<a onmouseover=\"__pwned('a-onmouseover')\">x-a-onmouseover</a>"),
    ("code-span", "`<img src=x onerror=__pwned('code-span')>`"),
    ("code-fence", "```html\n<script>__pwned('code-fence')</script>\n<img src=x onerror=__pwned('code-fence')>\n```"),
    ("style-tag", "<style>body{display:none!important}</style>"),  # would blank the page if rendered
    ("style-attr", "<div style=\"background:url(javascript:__pwned('style-attr'))\">x-style-attr</div>"),
    ("meta-refresh-js", "<meta http-equiv=\"refresh\" content=\"0;url=javascript:__pwned('meta-refresh-js')\">"),
    ("meta-refresh", "<meta http-equiv=\"refresh\" content=\"0;url=https://example.invalid/\">"),
    ("base-href", "<base href=\"javascript:__pwned('base-href')//\">"),
    ("form-action", "<form action=\"javascript:__pwned('form-action')\"><button>x-form-action</button></form>"),
    ("input-autofocus", "<input autofocus onfocus=\"__pwned('input-autofocus')\">"),
    ("details-toggle", "<details open ontoggle=\"__pwned('details-toggle')\"><summary>s</summary></details>"),
    ("body-onload", "<body onload=\"__pwned('body-onload')\">"),
    ("object", "<object data=\"javascript:__pwned('object')\"></object>"),
    ("embed", "<embed src=\"javascript:__pwned('embed')\">"),
    ("mxss-math", "<math><mtext><table><mglyph><style><img src=x onerror=__pwned('mxss-math')>"),
    ("mxss-noscript", "<noscript><p title=\"</noscript><img src=x onerror=__pwned('mxss-noscript')>\">"),
    ("template", "<template><img src=x onerror=__pwned('template')></template>"),
]
PER_REPLY = 8


def chunks(items: list[tuple[str, str]], size: int) -> Iterator[list[tuple[str, str]]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


REPLIES = [
    "\n\n".join([f"Reply {index} follows."] + [payload for _, payload in group] + [f"END-{index}"])
    for index, group in enumerate(chunks(PAYLOADS, PER_REPLY))
]
