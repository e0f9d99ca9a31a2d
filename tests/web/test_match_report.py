"""ccmatch's HTML report (-report, protocol-spec/match.md "Report") in headless Chromium:
a small tournament of ccengine's built-in players writes the report, the page must
show the ladder (a dot per engine), the crosstable, the score curves, the end
reasons and the win-chance graphs as inline SVG, load nothing from anywhere, and a screenshot is saved.
usage: test_match_report.py CCMATCH CCENGINE [SCREENSHOT.png]"""

import os
import subprocess
import sys
import tempfile

from browser import chromium
from selenium.webdriver.common.by import By


def main():
    ccmatch, ccengine = sys.argv[1], sys.argv[2]
    screenshot = sys.argv[3] if len(sys.argv) > 3 else "match-report.png"
    with tempfile.TemporaryDirectory() as directory:
        report = os.path.join(directory, "report.html")
        subprocess.run(
            [ccmatch, "-engine", f"cmd={ccengine}", "name=greedy", "option.Player=greedy",
             "-engine", f"cmd={ccengine}", "name=random", "option.Player=random",
             "-engine", f"cmd={ccengine}", "name=depth-2", "depth=2",
             "-engine", f"cmd={ccengine}", "name=depth-1",
             "-each", "depth=1", "-rounds", "3", "-openings", "plies=2", "-report", report],
            check=True, stdout=subprocess.DEVNULL, timeout=300)
        text = open(report, encoding="utf-8").read()
        for forbidden in ("<script", "http://", "https://", "<link", "<img"):
            assert forbidden not in text, f"the report is not self-contained: {forbidden}"
        with chromium(width=1100, height=2000) as driver:
            driver.get("file://" + report)
            svgs = driver.find_elements(By.CSS_SELECTOR, "svg:not(.chances)")
            assert len(svgs) == 3, f"expected ladder, curves and end reasons as SVG, got {len(svgs)}"
            # Win-chance graphs: the games of the searching engines (greedy and random
            # report no score, so their game against each other has none).
            graphs = driver.find_elements(By.CSS_SELECTOR, "svg.chances")
            assert len(graphs) > 0, "no win-chance graph"
            for graph in graphs:
                assert len(graph.find_elements(By.TAG_NAME, "polyline")) == 1, "one line a graph"
            assert "have no win chances" in text, "the games without chances are not counted"
            dots = driver.find_elements(By.CSS_SELECTOR, "svg.ladder circle")
            assert len(dots) == 4, f"one ladder dot per engine, got {len(dots)}"
            curves = driver.find_elements(By.CSS_SELECTOR, "svg.progress polyline")
            assert len(curves) == 4, f"one score curve per engine, got {len(curves)}"
            rows = driver.find_elements(By.CSS_SELECTOR, "table.cross tr")
            assert len(rows) == 5, f"crosstable: a header and a row per engine, got {len(rows)}"
            assert driver.find_element(By.CSS_SELECTOR, "table.ratings").is_displayed()
            fetched = driver.execute_script(
                "return performance.getEntriesByType('resource').length")
            assert fetched == 0, f"the page fetched {fetched} resources"
            height = driver.execute_script("return document.body.scrollHeight")
            driver.set_window_size(1100, min(int(height) + 300, 4000))
            driver.save_screenshot(screenshot)
    print(f"report ok; screenshot {screenshot}")


if __name__ == "__main__":
    main()
