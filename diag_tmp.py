import tempfile, sys
from pathlib import Path
from playwright.sync_api import sync_playwright
from game.web.site_server import serve_in_thread
from tools.bench.common import CHROMIUM, CHROMIUM_ARGS
from tools.bench import embeds as E
server, site = serve_in_thread()
root = Path(tempfile.mkdtemp())
(root / "p.html").write_text(E.host_page(site, 20, True))
(root / "p1.html").write_text(E.host_page(site, 1, False))
parent, purl = serve_in_thread(root=root, csp=False)
if "cross" in sys.argv: purl = purl.replace("127.0.0.1", "localhost")
prof = tempfile.mkdtemp()
with sync_playwright() as p:
    ctx = p.chromium.launch_persistent_context(prof, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width":1600,"height":1000}, reduced_motion=("reduce" if "calm" in sys.argv else "no-preference"))
    pg = ctx.new_page()
    for name, n in [("p1", 1), ("p1", 1), ("p", 21), ("p1", 1), ("p", 21), ("p1", 1), ("p", 21)]:
        t, m = E.load(pg, purl + name + ".html", n, prof)
        f = pg.frames[1]
        print(name, round(t, 2), round(m/1e6), f.evaluate("() => document.body.dataset.times"), f.evaluate("() => document.body.dataset.drawnMs"))
    ctx.close()
