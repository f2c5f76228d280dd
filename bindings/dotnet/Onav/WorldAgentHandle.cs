using System;
using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavWorldAgentHandle: a WorldCrowd agent's class and its handle in
    /// that class's crowd.
    [StructLayout(LayoutKind.Sequential)]
    public struct WorldAgentHandle : IEquatable<WorldAgentHandle>
    {
        public uint ClassIndex;
        public AgentHandle Agent;

        public bool Equals(WorldAgentHandle other) { return ClassIndex == other.ClassIndex && Agent.Equals(other.Agent); }
        public override bool Equals(object other) { return other is WorldAgentHandle && Equals((WorldAgentHandle)other); }
        public override int GetHashCode() { return (int)ClassIndex * 7919 + Agent.GetHashCode(); }
        public override string ToString() { return "class " + ClassIndex + " " + Agent; }
    }
}
