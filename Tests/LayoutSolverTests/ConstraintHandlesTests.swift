@testable import LayoutSolver
import Testing

/// `ConstraintHandles` keeps a handle or none per position, as `[ConstraintHandle?]` would.
@Suite struct ConstraintHandlesTests {
    @Test func keepsAHandleOrNoneAtEachPosition() {
        var handles = ConstraintHandles()
        handles.appendNone(count: 3)
        #expect(handles.count == 3)
        #expect(handles.allSatisfy { $0 == nil })
        handles[1] = ConstraintHandle(index: 0)
        handles[2] = ConstraintHandle(index: 70_000)
        handles.appendNone(count: 2)
        handles[4] = ConstraintHandle(index: 1)
        #expect(Array(handles) == [nil, ConstraintHandle(index: 0), ConstraintHandle(index: 70_000), nil, ConstraintHandle(index: 1)])
        #expect(handles.firstIndex(of: ConstraintHandle(index: 70_000)) == 2)
        #expect(handles.firstIndex(of: ConstraintHandle(index: 2)) == nil)
        handles[2] = nil
        #expect(handles[2] == nil)
        #expect(handles.compactMap { $0?.index } == [0, 1])
    }
}
