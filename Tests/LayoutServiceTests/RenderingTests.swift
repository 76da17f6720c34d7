import Foundation
import HTTPTestSupport
import JSON
import Testing

/// `POST /solve` as SVG by content negotiation, and the playground at `GET /`, over real HTTP.
@Suite struct RenderingTests {
    static let box = """
    {"size": {"width": 375, "height": 667},
     "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
     "constraints": ["box.centerX == root.centerX", "box.centerY == root.centerY", "box.width == 200", "box.height == 200"]}
    """

    func solve(accept: String?, body: String = box, path: String = "/solve") throws -> RawHTTPResponse {
        var headers = [("Content-Type", "application/json")]
        if let accept { headers.append(("Accept", accept)) }
        return try ServiceHarness().post(path, body, headers: headers)
    }

    @Test func svgWhenAsked() throws {
        let response = try solve(accept: "image/svg+xml")
        #expect(response.status == 200)
        #expect(response.header("content-type") == "image/svg+xml")
        #expect(response.header("vary") == "Accept")
        #expect(response.bodyText.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        // The box centred in 375 × 667: x = (375 − 200) / 2, y = (667 − 200) / 2.
        #expect(response.bodyText.contains(#"<rect class="frame" x="87.5" y="233.5" width="200" height="200""#))
        #expect(try solve(accept: "image/svg+xml").body == response.body, "the same request gives the same bytes")
    }

    @Test func jsonByDefaultAndForWildcards() throws {
        // `*/*` and `application/json` are answered before parsing; their variants are parsed.
        for accept in [nil, "application/json", "*/*", " */* ", "APPLICATION/JSON; q=1", "application/*", "application/json, image/svg+xml",
                       "image/svg+xml;q=0.5, application/json;q=0.9", "text/html, */*;q=0.1", "nonsense"] {
            let response = try solve(accept: accept)
            #expect(response.status == 200, "Accept: \(accept ?? "absent")")
            #expect(response.header("content-type") == "application/json", "Accept: \(accept ?? "absent")")
            #expect(response.json?.frame("box") == [87.5, 233.5, 200, 200])
        }
    }

    @Test func qualitiesChooseTheDrawing() throws {
        for accept in ["application/json;q=0.1, image/*", "image/svg+xml; q=1, application/json; q=0.99",
                       "application/json;q=0, */*", "IMAGE/SVG+XML"] {
            #expect(try solve(accept: accept).header("content-type") == "image/svg+xml", "Accept: \(accept)")
        }
    }

    @Test func unacceptableIs406Problem() throws {
        for accept in ["text/html", "image/png, text/*;q=0.5", "application/json;q=0, image/svg+xml;q=0"] {
            let response = try solve(accept: accept)
            #expect(response.status == 406, "Accept: \(accept)")
            #expect(response.header("content-type") == "application/problem+json")
            #expect(response.json?["type"]?.string == "urn:layoutd:problem:not-acceptable")
            #expect(response.json?["detail"]?.string?.contains("image/svg+xml") == true)
        }
    }

    @Test func errorsStayProblemsWhenTheDrawingIsAsked() throws {
        let invalid = try solve(accept: "image/svg+xml", body: "{\"views\": [1,]}")
        #expect(invalid.status == 400)
        #expect(invalid.header("content-type") == "application/problem+json")

        let conflict = """
        {"size": {"width": 100, "height": 100}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.width == 10", "a.width == 20", "a.left == root.left", "a.top == root.top", "a.height == 5"]}
        """
        let strict = try solve(accept: "image/svg+xml", body: conflict, path: "/solve?strict=true")
        #expect(strict.status == 422)
        #expect(strict.header("content-type") == "application/problem+json")
        #expect(strict.json?["layout"]?["conflicts"]?[0]?["broken"]?.string == "constraints[1]")

        let lenient = try solve(accept: "image/svg+xml", body: conflict)
        #expect(lenient.status == 200)
        #expect(lenient.bodyText.contains(#"data-mark="conflict""#))
        #expect(lenient.bodyText.contains(#"class="broken" data-constraint="constraints[1]""#))
    }

    @Test func playgroundIsOneSelfContainedPage() throws {
        let harness = try ServiceHarness()
        let page = try harness.get("/")
        #expect(page.status == 200)
        #expect(page.header("content-type") == "text/html; charset=utf-8")
        let policy = try #require(page.header("content-security-policy"))
        #expect(policy.contains("default-src 'none'") && policy.contains("connect-src 'self'"))
        #expect(page.header("x-content-type-options") == "nosniff")
        let html = page.bodyText
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains(#"<textarea id="editor""#) && html.contains(#"<select id="size">"#))
        #expect(html.contains(#"fetch("/solve""#) && html.contains("image/svg+xml"))
        for external in ["src=\"http", "href=\"http", "src=\"//", "href=\"//", "@import", "url(http"] {
            #expect(!html.contains(external), "no external asset (\(external))")
        }
        #expect(try harness.get("/nowhere/").status == 404)
        #expect(try harness.post("/", "{}").status == 405)
        #expect(try RawHTTP.request(port: harness.port, method: "HEAD", path: "/").status == 200)
    }

    @Test func playgroundExampleIsTheGalleryOne() throws {
        // The page's pre-filled request is docs/examples/playground.json, drawn in the README.
        let page = try ServiceHarness().get("/").bodyText
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let example = try String(contentsOf: root.appendingPathComponent("docs/examples/playground.json"), encoding: .utf8)
        #expect(page.contains(#"aria-label="Request JSON">"# + "\n" + example + "</textarea>"))
    }
}
