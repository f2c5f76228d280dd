using System;
using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavAgentHandle: an agent's slot and the slot's generation. Removing
    /// the agent makes every copy stale (NavMeshReferenceException), even
    /// after another agent takes the slot.
    [StructLayout(LayoutKind.Sequential)]
    public struct AgentHandle : IEquatable<AgentHandle>
    {
        public uint Index;
        public uint Generation;

        public bool Equals(AgentHandle other) { return Index == other.Index && Generation == other.Generation; }
        public override bool Equals(object other) { return other is AgentHandle && Equals((AgentHandle)other); }
        public override int GetHashCode() { return (int)(Index * 31 + Generation); }
        public override string ToString() { return "agent " + Index + " generation " + Generation; }
    }
}
