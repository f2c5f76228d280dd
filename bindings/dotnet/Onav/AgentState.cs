using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavAgentState: one agent as a step left it.
    [StructLayout(LayoutKind.Sequential)]
    public struct AgentState
    {
        /// 0 in a Crowd; with Agent, the WorldAgentHandle of a WorldCrowd agent.
        public uint ClassIndex;
        public AgentHandle Agent;
        int state;
        public Double3 Position;
        /// Velocity of the last step (Y 0: agents steer in X/Z).
        public Double3 Velocity;
        /// Velocity the agent wanted before avoidance (Y 0).
        public Double3 DesiredVelocity;
        /// The polygon it stands on.
        public ulong Poly;
        byte hasTarget;
        /// The target position; zero without one.
        public Double3 Target;
        /// The link being crossed in state OffMeshLink; zero otherwise.
        public OffMeshTraversal OffMeshLink;

        public AgentStateKind State { get { return (AgentStateKind)state; } }
        public bool HasTarget { get { return hasTarget != 0; } }
        public WorldAgentHandle WorldAgent { get { return new WorldAgentHandle { ClassIndex = ClassIndex, Agent = Agent }; } }
    }
}
