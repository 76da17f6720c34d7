import Testing

@testable import HTTPServer

/// Whether connections wait to be accepted: asked of the kernel at most once per interval, the
/// answer standing in between.
@Suite struct AcceptWatchTests {
    @Test func anAnswerStandsForTheIntervalThenIsAskedAgain() {
        let watch = AcceptWatch()
        var asked = 0
        func ask(_ answer: Bool) -> () -> Bool {
            { asked += 1; return answer }
        }
        let start: Int64 = 5_000_000_000
        #expect(watch.answer(at: start, ask: ask(true)))
        #expect(asked == 1)
        // Within the interval the kernel is not asked, and the last answer stands.
        #expect(watch.answer(at: start + AcceptWatch.interval - 1, ask: ask(false)))
        #expect(asked == 1)
        // Once it has passed, the new answer is taken and stands in turn.
        #expect(!watch.answer(at: start + AcceptWatch.interval, ask: ask(false)))
        #expect(asked == 2)
        #expect(!watch.answer(at: start + AcceptWatch.interval + 1, ask: ask(true)))
        #expect(asked == 2)
    }

    @Test func theFirstQuestionIsAskedWhateverTheClock() {
        var asked = 0
        #expect(AcceptWatch().answer(at: 0) { asked += 1; return true })
        #expect(asked == 1)
    }
}
