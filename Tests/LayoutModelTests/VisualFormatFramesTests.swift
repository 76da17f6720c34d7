import LayoutModel
import Testing

/// Visual formats solved: the frames their constraints give, worked out by hand.
@Suite struct VisualFormatFramesTests {
    @Test func visualFormatRightToLeftWithBaselineSpacing() throws {
        // H with directionRightToLeft in 300: |-[a(50)]-(>=4)-[b(==a)]-10-| puts a at the right margin
        // (300 − 8 − 50 = 242) and b 10 from the left edge (x 10), the gap between them >= 4.
        // V with spacingBaselineToBaseline: |-20-[a(30)]-[b(30)] puts b's first baseline 8 below a's last:
        // a spans 20…50, lastBaseline 50 − 6 = 44; b.firstBaseline = b.top + 12 = 52 → b.y = 40.
        let result = try solve("""
        {"size": {"width": 300, "height": 200},
         "views": [{"id": "root"},
                   {"id": "a", "parent": "root", "baseline": {"firstFromTop": 12, "lastFromBottom": 6}},
                   {"id": "b", "parent": "root", "baseline": {"firstFromTop": 12, "lastFromBottom": 6}}],
         "constraints": [
           {"visualFormat": "H:|-[a(50)]-(>=4)-[b(==a)]-10-|", "options": ["directionRightToLeft"]},
           {"visualFormat": "V:|-20-[a(30)]-[b(30)]", "options": ["spacingBaselineToBaseline"]}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("a"), 242, 20, 50, 30)
        expectFrame(result.frame("b"), 10, 40, 50, 30)
    }
}
