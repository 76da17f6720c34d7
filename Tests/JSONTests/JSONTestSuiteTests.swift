import JSON
import Testing

/// JSONTestSuite's parsing corpus, in `shared/` beside the repository clone.
enum JSONTestSuite {
    static let directory: String = {
        var path = FileSystem.realPath("\(#filePath)")
        for _ in 0..<3 {  // …/Tests/JSONTests/File.swift → repository root
            if let slash = path.lastIndex(of: "/") {
                path = String(path[..<slash])
            }
        }
        return path + "/../shared/data/JSONTestSuite/test_parsing"
    }()

    static var isAvailable: Bool { !files(prefix: "").isEmpty }

    /// Names of the corpus files starting with `prefix`, sorted.
    static func files(prefix: String) -> [String] {
        FileSystem.listDirectory(directory).filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func contents(_ name: String) -> [UInt8] {
        FileSystem.readFile(directory + "/" + name) ?? []
    }

    /// `y_` files whose content this reader rejects on purpose, with the reason it gives.
    static let deliberatelyRejected: [String: String] = [
        "y_object_duplicated_key.json": "duplicate key",
        "y_object_duplicated_key_and_value.json": "duplicate key",
        "y_object_escaped_null_in_key.json": "\\u0000",
        "y_string_null_escape.json": "\\u0000",
    ]
}

@Suite(.enabled(if: JSONTestSuite.isAvailable,
                "JSONTestSuite corpus not found at ../shared/data/JSONTestSuite/test_parsing beside the repository"))
struct JSONTestSuiteTests {
    @Test func acceptsEveryYFile() {
        let files = JSONTestSuite.files(prefix: "y_")
        #expect(files.count == 95)
        for name in files where JSONTestSuite.deliberatelyRejected[name] == nil {
            #expect(throws: Never.self, "\(name)") {
                _ = try JSONDocument(parsing: JSONTestSuite.contents(name))
            }
        }
    }

    @Test func rejectsDuplicateKeysAndNULEscapesEvenWhereTheSuiteAllowsThem() {
        for (name, reason) in JSONTestSuite.deliberatelyRejected {
            do {
                _ = try JSONDocument(parsing: JSONTestSuite.contents(name))
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.message.contains(reason), "\(name): \(error)")
            }
        }
    }

    @Test func rejectsEveryNFileWithAPosition() {
        let files = JSONTestSuite.files(prefix: "n_")
        #expect(files.count == 188)
        for name in files {
            let bytes = JSONTestSuite.contents(name)
            do {
                _ = try JSONDocument(parsing: bytes)
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count, "\(name): \(error)")
                #expect(error.line >= 1 && error.column >= 1, "\(name): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test func survivesEveryIFile() {
        let files = JSONTestSuite.files(prefix: "i_")
        #expect(files.count == 35)
        for name in files {
            _ = try? JSONDocument(parsing: JSONTestSuite.contents(name))
        }
    }
}
